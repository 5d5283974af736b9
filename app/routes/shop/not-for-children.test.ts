import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { cart, product } from "../../db/schema/shop.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { seedProducts } from "../../shop/seed.server.ts";
import { fixtureProduct } from "../../shop/test-fixtures.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let child: string;
let adult: string;
let productId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await seedProducts(database.db, [fixtureProduct({ slug: "mug", stock: 50 })]);
  productId = (await database.db.select({ id: product.id }).from(product))[0]?.id ?? 0;
  child = await signUpVerified(request, database.db, {
    name: "Kim Tremblay",
    email: "kim@example.com",
    address: "10.8.0.1",
    age: 10,
  });
  adult = await signUpVerified(request, database.db, {
    name: "Rosa Adult",
    email: "rosa@example.com",
    address: "10.8.0.2",
    age: 40,
  });
});

afterAll(() => database.close());

const as = (cookie: string, init: RequestInit = {}) => ({
  ...init,
  headers: {
    origin: TEST_BASE_URL,
    cookie,
    ...(typeof init.body === "string" ? { "content-type": "application/json" } : {}),
  },
});

describe("a child under 14, signed in", () => {
  test.each([
    ["/shop", "The shop, plans and promotions are not available for your account."],
    [
      "/fr/shop",
      "La boutique, les forfaits et les promotions ne sont pas offerts pour ton compte.",
    ],
    ["/pricing", "not available for your account"],
    ["/fr/pricing", "pas offerts pour ton compte"],
    ["/cart", "not available for your account"],
  ])("%s is a page that says the shop is not for their account (403)", async (path, text) => {
    const response = await request(path, as(child));
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(text);
  });

  test("a product's page says so too", async () => {
    const response = await request(`/shop/${productId}`, as(child));
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Not available for your account");
  });

  test("no page shows the cart button or the shop and pricing links", async () => {
    const page = await (await request("/", as(child))).text();
    expect(page).not.toMatch(/href="\/cart"/);
    expect(page).not.toMatch(/href="\/shop"/);
    expect(page).not.toMatch(/href="\/pricing"/);
  });

  test("the cart API answers 403 with why, and no cart is made", async () => {
    const read = await request("/api/cart", as(child));
    expect(read.status).toBe(403);
    expect((await read.json()).error).toMatchObject({
      code: "not_for_sale",
      message: "The shop, plans and promotions are not available for your account.",
    });
    const added = await request(
      "/api/cart/items",
      as(child, { method: "POST", body: JSON.stringify({ productId, quantity: 1 }) }),
    );
    expect(added.status).toBe(403);
    const checkout = await request(
      "/api/cart/checkout",
      as(child, { method: "POST", body: JSON.stringify({}) }),
    );
    expect(checkout.status).toBe(403);
    expect(await database.db.select().from(cart)).toEqual([]);
  });
});

describe("an adult, signed in", () => {
  test("sees the shop, the pricing page, the cart button, and may fill a cart", async () => {
    for (const path of ["/shop", "/pricing", `/shop/${productId}`, "/cart"])
      expect((await request(path, as(adult))).status, path).toBe(200);
    const page = await (await request("/", as(adult))).text();
    expect(page).toMatch(/href="\/cart"/);
    expect(page).toMatch(/href="\/shop"/);
    const added = await request(
      "/api/cart/items",
      as(adult, { method: "POST", body: JSON.stringify({ productId, quantity: 1 }) }),
    );
    expect(added.status).toBe(201);
  });
});
