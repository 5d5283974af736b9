import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { outboxEmail } from "../../db/schema/platform.ts";
import { product, shopOrder } from "../../db/schema/shop.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { LIMITS } from "../../platform/limits.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { CART_COOKIE } from "../../shop/cart-session.server.ts";
import { seedProducts } from "../../shop/seed.server.ts";
import { fixtureProduct } from "../../shop/test-fixtures.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await seedProducts(database.db, [
    fixtureProduct({ slug: "mug", originalPriceCents: 2400, salePriceCents: 1800, onSale: true }),
    fixtureProduct({ slug: "syrup", originalPriceCents: 1299, salePriceCents: 1299 }),
    fixtureProduct({ slug: "last-one", originalPriceCents: 5000, salePriceCents: 5000, stock: 1 }),
  ]);
  for (const row of await database.db.select({ id: product.id, slug: product.slug }).from(product))
    ids[row.slug] = row.id;
});

afterAll(() => database.close());

/** A browser's cookie jar, enough for these tests: names and values, set and cleared. */
class Jar {
  private cookies = new Map<string, string>();
  constructor(initial = "") {
    this.take(initial.split("; ").filter(Boolean));
  }
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", ...value] = pair.split("=");
      const cleared = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (cleared || value.join("=") === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  has(name: string) {
    return this.cookies.has(name);
  }
}

/** Sends a request with the jar's cookies as a browser on this site would, and keeps new ones. */
async function send(
  jar: Jar,
  path: string,
  init: { method?: string; json?: unknown; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: TEST_BASE_URL, cookie: jar.header };
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  const response = await request(path, {
    method: init.method ?? "GET",
    headers,
    body,
    redirect: "manual",
  });
  jar.take(response.headers.getSetCookie());
  return response;
}

const buyer = {
  name: "Sam Okafor",
  email: "sam@example.com",
  address: "99 Queen Street",
  city: "Ottawa",
  postalCode: "K1P 1J9",
};

describe("prices are always the server's", () => {
  test("a price, subtotal or total sent by the client is not read", async () => {
    const jar = new Jar();
    const added = await send(jar, "/api/cart/items", {
      method: "POST",
      json: {
        productId: ids.mug,
        quantity: 2,
        priceCents: 1,
        unitPriceCents: 1,
        salePriceCents: 1,
      },
    });
    expect(added.status).toBe(201);
    expect(jar.has(CART_COOKIE)).toBe(true);
    expect(await added.json()).toMatchObject({
      subtotalCents: 3600,
      lines: [{ unitPriceCents: 1800 }],
    });

    await send(jar, "/api/cart", { method: "PATCH", json: { province: "ON" } });
    const placed = await send(jar, "/api/cart/checkout", {
      method: "POST",
      json: {
        ...buyer,
        subtotalCents: 1,
        taxCents: 0,
        totalCents: 1,
        lines: [{ unitPriceCents: 1 }],
      },
    });
    expect(placed.status).toBe(201);
    const order = await placed.json();
    expect(order).toMatchObject({
      status: "awaiting_payment",
      subtotalCents: 3600,
      taxCents: 468,
      totalCents: 4068,
    });
    const [stored] = await database.db
      .select({ total: shopOrder.totalCents })
      .from(shopOrder)
      .where(eq(shopOrder.id, Number(order.number.slice(3))));
    expect(stored?.total).toBe(4068);
  });

  test("the page's form ignores a price field too, and goes to the cart without JavaScript", async () => {
    const jar = new Jar();
    const response = await send(jar, "/cart", {
      method: "POST",
      form: { intent: "add", productId: String(ids.syrup), quantity: "3", priceCents: "1" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cart");
    const cart = await (await send(jar, "/api/cart")).json();
    expect(cart).toMatchObject({ count: 3, subtotalCents: 3897 });
  });
});

describe("the cart cookie", () => {
  test("a cookie whose signature is not ours names no cart", async () => {
    const jar = new Jar();
    await send(jar, "/api/cart/items", { method: "POST", json: { productId: ids.syrup } });
    const [, value = ""] = jar.header.split(`${CART_COOKIE}=`);
    const [cartId] = value.split(".");
    const forged = new Jar(`${CART_COOKIE}=${cartId}.AAAA`);
    expect(await (await send(forged, "/api/cart")).json()).toMatchObject({ count: 0, lines: [] });
    const unsigned = new Jar(`${CART_COOKIE}=${cartId}`);
    expect(await (await send(unsigned, "/api/cart")).json()).toMatchObject({ count: 0 });
  });

  test("is httpOnly and SameSite=Lax, and a visitor who only looks gets none", async () => {
    const jar = new Jar();
    const looked = await send(jar, "/api/cart");
    expect(looked.headers.getSetCookie()).toEqual([]);
    const added = await request("/api/cart/items", {
      method: "POST",
      headers: { origin: TEST_BASE_URL, "content-type": "application/json" },
      body: JSON.stringify({ productId: ids.syrup }),
    });
    const [cookie] = added.headers.getSetCookie();
    expect(cookie).toMatch(
      new RegExp(
        `^${CART_COOKIE}=[0-9a-f-]{36}\\.[\\w-]+; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000$`,
      ),
    );
  });
});

describe("signing in", () => {
  test("the visitor's cart joins the player's, and the visitor's cookie is cleared", async () => {
    const session = await signUpVerified(request, database.db, {
      name: "Noor Haddad",
      email: "noor@example.com",
      address: "10.3.0.1",
      age: 30,
    });
    // Signed in elsewhere earlier, the player already has a mug in their cart.
    await send(new Jar(session), "/api/cart/items", {
      method: "POST",
      json: { productId: ids.mug },
    });

    const jar = new Jar();
    await send(jar, "/api/cart/items", {
      method: "POST",
      json: { productId: ids.mug, quantity: 2 },
    });
    await send(jar, "/api/cart/items", { method: "POST", json: { productId: ids.syrup } });
    jar.take(session.split("; "));

    const first = await send(jar, "/");
    expect(first.status).toBe(200);
    expect(
      first.headers.getSetCookie().some((cookie) => cookie.startsWith(`${CART_COOKIE}=;`)),
    ).toBe(true);
    expect(jar.has(CART_COOKIE)).toBe(false);
    const cart = await (await send(new Jar(session), "/api/cart")).json();
    expect(
      cart.lines.map((line: { productId: number; quantity: number }) => [
        line.productId,
        line.quantity,
      ]),
    ).toEqual([
      [ids.mug, 3],
      [ids.syrup, 1],
    ]);
  });

  test("signing out leaves the player's cart with the account", async () => {
    const session = await signUpVerified(request, database.db, {
      name: "Ines Moreau",
      email: "ines@example.com",
      address: "10.3.0.2",
      age: 30,
    });
    await send(new Jar(session), "/api/cart/items", {
      method: "POST",
      json: { productId: ids.syrup },
    });
    expect(await (await send(new Jar(), "/api/cart")).json()).toMatchObject({ count: 0 });
    expect(await (await send(new Jar(session), "/api/cart")).json()).toMatchObject({ count: 1 });
  });
});

test("two checkouts racing for the last one: one order, and a clear 409 for the other", async () => {
  const jars = [new Jar(), new Jar()];
  for (const jar of jars) {
    await send(jar, "/api/cart/items", { method: "POST", json: { productId: ids["last-one"] } });
    await send(jar, "/api/cart", { method: "PATCH", json: { province: "ON" } });
  }
  const answers = await Promise.all(
    jars.map((jar, index) =>
      send(jar, "/api/cart/checkout", {
        method: "POST",
        json: { ...buyer, email: `race${index}@example.com` },
      }),
    ),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  const lost = answers.find((answer) => answer.status === 409) as Response;
  expect((await lost.json()).error).toEqual({
    code: "conflict",
    message: expect.stringMatching(
      /^Sorry, Thing \d+ has just sold out: someone else bought the last one\./,
    ),
  });
  const [left] = await database.db
    .select({ stock: product.stock })
    .from(product)
    .where(eq(product.id, ids["last-one"] as number));
  expect(left?.stock).toBe(0);
  const mails = await database.db
    .select({ to: outboxEmail.to, subject: outboxEmail.subject })
    .from(outboxEmail);
  expect(mails.filter((mail) => mail.to.startsWith("race"))).toHaveLength(1);
});

test("the cart page shows the lines, the taxes of the province and what checkout does not take", async () => {
  const jar = new Jar();
  await send(jar, "/cart", {
    method: "POST",
    form: { intent: "add", productId: String(ids.mug), quantity: "1" },
  });
  await send(jar, "/fr/cart", { method: "POST", form: { intent: "province", province: "QC" } });
  const page = await (await send(jar, "/fr/cart")).text();
  expect(page).toContain("TPS (5");
  expect(page).toContain("Aucun paiement n’est perçu ici");
});

test("adding what no cart can take makes no cart and sets no cookie", async () => {
  const before = await database.db.execute(sql`select count(*)::int as n from cart`);
  for (const body of [{ productId: 999_999 }, { productId: ids["last-one"], quantity: 2 }]) {
    const response = await request("/api/cart/items", {
      method: "POST",
      headers: { origin: TEST_BASE_URL, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect([404, 409]).toContain(response.status);
    expect(response.headers.getSetCookie()).toEqual([]);
  }
  const after = await database.db.execute(sql`select count(*)::int as n from cart`);
  expect(after.rows).toEqual(before.rows);
});

test("a buyer's name or address with control or replacement characters is refused", async () => {
  const jar = new Jar();
  await send(jar, "/api/cart/items", { method: "POST", json: { productId: ids.syrup } });
  for (const odd of [
    { name: "Sam\u0000" },
    { address: "99 Queen\ufffd Street" },
    { city: "Ott\u0007awa" },
  ]) {
    const response = await send(jar, "/api/cart/checkout", {
      method: "POST",
      json: { ...buyer, ...odd },
    });
    expect(response.status, JSON.stringify(odd)).toBe(400);
  }
  expect(await (await send(jar, "/api/cart")).json()).toMatchObject({ count: 1 });
});

test("checkouts to one e-mail address past the limit: 429 with Retry-After, on the page in its language too", async () => {
  const checkOut = async (path: string, form?: Record<string, string>) => {
    const jar = new Jar();
    await send(jar, "/api/cart/items", { method: "POST", json: { productId: ids.syrup } });
    await send(jar, "/api/cart", { method: "PATCH", json: { province: "ON" } });
    const details = { ...buyer, email: "flooded@example.com" };
    return form
      ? send(jar, path, { method: "POST", form: { ...form, ...details } })
      : send(jar, path, { method: "POST", json: details });
  };
  for (let n = 1; n <= LIMITS["checkout-to"].max; n++)
    expect((await checkOut("/api/cart/checkout")).status).toBe(201);
  const refused = await checkOut("/api/cart/checkout");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await refused.json()).error.message).toMatch(/^Too many orders in a short time\./);
  const page = await checkOut("/fr/cart", { intent: "checkout" });
  expect(page.status).toBe(429);
  expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await page.text()).toContain("Trop de commandes en peu de temps.");
  const mails = await database.db
    .select()
    .from(outboxEmail)
    .where(eq(outboxEmail.to, "flooded@example.com"));
  expect(mails).toHaveLength(LIMITS["checkout-to"].max);
});
