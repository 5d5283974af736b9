import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { product } from "../../db/schema/shop.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import {
  createTestHost,
  TEST_AUTH_SECRET,
  TEST_BASE_URL,
} from "../../platform/test-host.server.ts";
import { addToCart, createVisitorCart, setProvince } from "../../shop/cart.server.ts";
import { placeOrder } from "../../shop/checkout.server.ts";
import { orderToken } from "../../shop/order-links.server.ts";
import { seedProducts } from "../../shop/seed.server.ts";
import { fixtureProduct, TEST_PAYMENT } from "../../shop/test-fixtures.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let alice: string;
let bob: string;
let alicesOrder: string;
let bobsOrder: string;
let guestsOrder: string;

async function orderFor(userId: string | null, email: string, address: string) {
  const cartId = await createVisitorCart(database.db);
  const [mug] = await database.db.select({ id: product.id }).from(product);
  await addToCart(database.db, cartId, mug?.id as number, 1);
  await setProvince(database.db, cartId, "ON");
  const order = await placeOrder(
    database.db,
    cartId,
    { userId, locale: "en-CA", clientAddress: address },
    { name: "Buyer", email, address: "1 Sparks St", city: "Ottawa", postalCode: "K1P 5B2" },
    { ...TEST_PAYMENT, links: { baseUrl: TEST_BASE_URL, secret: TEST_AUTH_SECRET } },
  );
  return order.number;
}

const idOf = (number: string) => Number(number.slice(3));

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await seedProducts(database.db, [fixtureProduct({ slug: "mug", stock: 50 })]);
  alice = await signUpVerified(request, database.db, {
    name: "Alice Martin",
    email: "alice@example.com",
    address: "10.3.0.1",
    age: 30,
  });
  bob = await signUpVerified(request, database.db, {
    name: "Bob Singh",
    email: "bob@example.com",
    address: "10.3.0.2",
    age: 30,
  });
  const idByEmail = async (email: string) =>
    (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]
      ?.id as string;
  alicesOrder = await orderFor(
    await idByEmail("alice@example.com"),
    "alice@example.com",
    "10.3.1.1",
  );
  bobsOrder = await orderFor(await idByEmail("bob@example.com"), "bob@example.com", "10.3.1.2");
  guestsOrder = await orderFor(null, "guest@example.com", "10.3.1.3");
});

afterAll(() => database.close());

const as = (cookie?: string): RequestInit => ({ headers: cookie ? { cookie } : {} });

test("/orders lists the signed-in player's own orders only; a visitor is sent to sign in", async () => {
  const page = await (await request("/orders", as(alice))).text();
  expect(page).toContain(alicesOrder);
  expect(page).not.toContain(bobsOrder);
  expect(page).not.toContain(guestsOrder);
  const french = await (await request("/fr/orders", as(bob))).text();
  expect(french).toContain(bobsOrder);
  expect(french).toContain("Mes commandes");
  const visitor = await request("/orders");
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=%2Forders/);
});

test("/orders/{id}: its owner sees it; another player gets the 404", async () => {
  const own = await request(`/orders/${idOf(alicesOrder)}`, as(alice));
  expect(own.status).toBe(200);
  expect(await own.text()).toContain("Status: awaiting payment");
  expect((await request(`/orders/${idOf(bobsOrder)}`, as(alice))).status).toBe(404);
  expect((await request(`/orders/${idOf(guestsOrder)}`, as(alice))).status).toBe(404);
  expect((await request("/orders/0", as(alice))).status).toBe(404);
  expect((await request("/orders/abc", as(alice))).status).toBe(404);
});

test("the signed link opens the status page without signing in; a wrong token is the 404", async () => {
  const id = idOf(guestsOrder);
  const token = orderToken(id, TEST_AUTH_SECRET);
  const page = await request(`/orders/${id}?t=${token}`);
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toBe("private, no-store");
  const text = await page.text();
  expect(text).toContain(guestsOrder);
  expect(text).toContain("payments@nearby.example");
  expect((await request(`/orders/${id}?t=${token.slice(1)}`)).status).toBe(404);
  expect((await request(`/orders/${id}?t=${orderToken(id + 1, TEST_AUTH_SECRET)}`)).status).toBe(
    404,
  );
  expect((await request(`/orders/${idOf(bobsOrder)}?t=${token}`)).status).toBe(404);
  expect((await request(`/orders/${id}?t=${token}&t=x`)).status).toBe(200);
});

test("the console's order pages are the site's 404 to a player", async () => {
  for (const path of ["/staff/orders", `/staff/orders/${idOf(alicesOrder)}`, "/fr/staff/orders"]) {
    expect((await request(path, as(alice))).status, path).toBe(404);
  }
  const post = await request(`/staff/orders/${idOf(alicesOrder)}`, {
    method: "POST",
    headers: {
      cookie: alice,
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "intent=cancel&from=awaiting_payment",
  });
  expect(post.status).toBe(404);
});
