import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { outboxEmail } from "../db/schema/platform.ts";
import { product, shopOrder, shopOrderLine } from "../db/schema/shop.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { AppError } from "../platform/errors.ts";
import { LIMITS } from "../platform/limits.ts";
import {
  addToCart,
  createVisitorCart,
  mergeVisitorCart,
  playerCartId,
  readCart,
  removeFromCart,
  setProvince,
  setQuantity,
  visitorCartExists,
} from "./cart.server.ts";
import { placeOrder, releaseUnpaidOrders } from "./checkout.server.ts";
import { seedProducts } from "./seed.server.ts";
import { fixtureProduct, insertPlayer, TEST_PAYMENT } from "./test-fixtures.ts";

let database: DatabaseHandle;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProducts(database.db, [
    fixtureProduct({
      slug: "mug",
      originalPriceCents: 2400,
      salePriceCents: 1800,
      onSale: true,
      stock: 30,
    }),
    fixtureProduct({ slug: "syrup", originalPriceCents: 1299, salePriceCents: 1299, stock: 30 }),
    fixtureProduct({
      slug: "jam",
      originalPriceCents: 899,
      salePriceCents: 899,
      stock: 30,
      taxClass: "zero-rated",
    }),
    fixtureProduct({ slug: "last-one", stock: 1 }),
    fixtureProduct({ slug: "three-left", stock: 3 }),
    fixtureProduct({ slug: "none-left", stock: 0 }),
  ]);
  for (const row of await database.db.select({ id: product.id, slug: product.slug }).from(product))
    ids[row.slug] = row.id;
});

afterAll(() => database.close());

const buyer = {
  name: "Léa Tremblay",
  email: "lea@example.com",
  address: "12 rue des Érables",
  city: "Québec",
  postalCode: "G1R 4P5",
};

/** The AppError a promise rejects with, to check its code and message. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a cart", () => {
  test("adds up quantities and shows the server's current prices and totals", async () => {
    const cartId = await createVisitorCart(database.db);
    await addToCart(database.db, cartId, ids.mug as number, 2);
    await addToCart(database.db, cartId, ids.syrup as number, 1);
    await addToCart(database.db, cartId, ids.mug as number, 1);
    let cart = await readCart(database.db, cartId);
    expect(cart.lines.map((line) => [line.quantity, line.unitPriceCents])).toEqual([
      [3, 1800],
      [1, 1299],
    ]);
    expect(cart).toMatchObject({ count: 4, subtotalCents: 6699, taxes: [], totalCents: 6699 });

    await setProvince(database.db, cartId, "ON");
    cart = await readCart(database.db, cartId);
    expect(cart).toMatchObject({ province: "ON", taxCents: 871, totalCents: 7570 });
  });

  test("holds 1 to 10 of an item, within the stock", async () => {
    const cartId = await createVisitorCart(database.db);
    await addToCart(database.db, cartId, ids.syrup as number, 10);
    const tooMany = await refusal(addToCart(database.db, cartId, ids.syrup as number, 1));
    expect(tooMany.code).toBe("conflict");
    expect(tooMany.messageKey).toBe("shop.problems.tooMany");

    const overStock = await refusal(addToCart(database.db, cartId, ids["three-left"] as number, 4));
    expect(overStock.messageKey).toBe("shop.problems.notEnoughStock");
    expect(overStock.options.values).toEqual({ count: 3 });
    const soldOut = await refusal(addToCart(database.db, cartId, ids["none-left"] as number, 1));
    expect(soldOut.messageKey).toBe("shop.problems.soldOut");
    const missing = await refusal(addToCart(database.db, cartId, 999_999, 1));
    expect(missing.code).toBe("not_found");

    await addToCart(database.db, cartId, ids["three-left"] as number, 1);
    await setQuantity(database.db, cartId, ids["three-left"] as number, 3);
    expect(
      (await refusal(setQuantity(database.db, cartId, ids["three-left"] as number, 4))).code,
    ).toBe("conflict");
    expect((await refusal(setQuantity(database.db, cartId, ids.mug as number, 1))).code).toBe(
      "not_found",
    );
    await removeFromCart(database.db, cartId, ids.syrup as number);
    expect((await readCart(database.db, cartId)).lines.map((line) => line.quantity)).toEqual([3]);
  });
});

describe("signing in", () => {
  test("the visitor's cart joins the player's, at most 10 of an item, and is gone", async () => {
    await insertPlayer(database.db, "merge-player");
    const mine = (await playerCartId(database.db, "merge-player", { create: true })) as string;
    await addToCart(database.db, mine, ids.syrup as number, 8);
    const visitor = await createVisitorCart(database.db);
    await addToCart(database.db, visitor, ids.syrup as number, 5);
    await addToCart(database.db, visitor, ids.mug as number, 2);
    await setProvince(database.db, visitor, "QC");

    await mergeVisitorCart(database.db, visitor, mine);
    const cart = await readCart(database.db, mine);
    expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [ids.syrup, 10],
      [ids.mug, 2],
    ]);
    expect(cart.province).toBe("QC");
    expect(await visitorCartExists(database.db, visitor)).toBe(false);
  });

  test("two requests merging the same cart at once move its lines once", async () => {
    await insertPlayer(database.db, "twice-player");
    const mine = (await playerCartId(database.db, "twice-player", { create: true })) as string;
    const visitor = await createVisitorCart(database.db);
    await addToCart(database.db, visitor, ids.mug as number, 3);
    await Promise.all([
      mergeVisitorCart(database.db, visitor, mine),
      mergeVisitorCart(database.db, visitor, mine),
      mergeVisitorCart(database.db, visitor, mine),
    ]);
    expect((await readCart(database.db, mine)).lines.map((line) => line.quantity)).toEqual([3]);
  });

  test("a player's cart is never taken for a visitor's", async () => {
    await insertPlayer(database.db, "owner-player");
    const theirs = (await playerCartId(database.db, "owner-player", { create: true })) as string;
    await addToCart(database.db, theirs, ids.mug as number, 1);
    expect(await visitorCartExists(database.db, theirs)).toBe(false);
    await insertPlayer(database.db, "thief-player");
    const thief = (await playerCartId(database.db, "thief-player", { create: true })) as string;
    await mergeVisitorCart(database.db, theirs, thief);
    expect((await readCart(database.db, theirs)).count).toBe(1);
    expect((await readCart(database.db, thief)).count).toBe(0);
  });
});

describe("checking out", () => {
  test("makes an order awaiting payment at the server's prices, takes the stock and queues the e-mail", async () => {
    const cartId = await createVisitorCart(database.db);
    await addToCart(database.db, cartId, ids.mug as number, 2);
    await setProvince(database.db, cartId, "QC");
    const [before] = await database.db
      .select({ stock: product.stock })
      .from(product)
      .where(eq(product.id, ids.mug as number));
    const order = await placeOrder(
      database.db,
      cartId,
      { userId: null, locale: "fr-CA", clientAddress: null },
      buyer,
      TEST_PAYMENT,
    );
    expect(order).toMatchObject({
      status: "awaiting_payment",
      subtotalCents: 3600,
      taxes: [
        { kind: "GST", cents: 180 },
        { kind: "QST", cents: 359 },
      ],
      taxCents: 539,
      totalCents: 4139,
    });
    expect(order.number).toMatch(/^NB-\d{6}$/);
    const [after] = await database.db
      .select({ stock: product.stock })
      .from(product)
      .where(eq(product.id, ids.mug as number));
    expect(after?.stock).toBe((before?.stock ?? 0) - 2);
    expect((await readCart(database.db, cartId)).count).toBe(0);
    const [mail] = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, buyer.email));
    expect(mail?.subject).toBe(
      `Votre commande Nearby ${order.number}\u00a0: en attente de paiement`,
    );
    expect(mail?.text).toContain("41,39");
    expect(mail?.text).toContain("Rien n’a encore été facturé");
    expect(mail?.text).toContain("virement Interac de 41,39\u00a0$ à payments@nearby.example");
    expect(mail?.text).toMatch(/http:\/\/localhost\/fr\/orders\/\d+\?t=[\w-]{43}/);
  });

  test("two buyers of the last one: one gets it, the other a clear message, stock never below 0", async () => {
    const carts = await Promise.all([
      createVisitorCart(database.db),
      createVisitorCart(database.db),
    ]);
    for (const cartId of carts) {
      await addToCart(database.db, cartId, ids["last-one"] as number, 1);
      await addToCart(database.db, cartId, ids.syrup as number, 1);
      await setProvince(database.db, cartId, "QC");
    }
    const [ordersBefore] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopOrder);
    const results = await Promise.allSettled(
      carts.map((cartId, index) =>
        placeOrder(
          database.db,
          cartId,
          { userId: null, locale: "en-CA", clientAddress: null },
          { ...buyer, email: `racer${index}@example.com` },
          TEST_PAYMENT,
        ),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(AppError);
    expect((lost.reason as AppError).code).toBe("conflict");
    expect((lost.reason as AppError).messageKey).toBe("shop.problems.soldOutAtCheckout");

    const [left] = await database.db
      .select({ stock: product.stock })
      .from(product)
      .where(eq(product.id, ids["last-one"] as number));
    expect(left?.stock).toBe(0);
    const [ordersAfter] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopOrder);
    expect((ordersAfter?.n ?? 0) - (ordersBefore?.n ?? 0)).toBe(1);
    // The loser's cart and the syrup's stock are as they were: the whole checkout was undone.
    const loserCart = carts[results.indexOf(lost)] as string;
    expect((await readCart(database.db, loserCart)).count).toBe(2);
    const mails = await database.db
      .select({ to: outboxEmail.to })
      .from(outboxEmail)
      .where(sql`${outboxEmail.to} like 'racer%'`);
    expect(mails).toHaveLength(1);
  });

  test("zero-rated groceries bear no tax, in the cart and in the order, which keeps each line's class", async () => {
    const cartId = await createVisitorCart(database.db);
    await addToCart(database.db, cartId, ids.mug as number, 2);
    await addToCart(database.db, cartId, ids.jam as number, 2);
    await setProvince(database.db, cartId, "QC");
    // GST and QST on the two mugs' $36.00 alone; the jam's $17.98 is zero-rated.
    const charged = {
      subtotalCents: 5398,
      taxes: [
        { kind: "GST", cents: 180 },
        { kind: "QST", cents: 359 },
      ],
      taxCents: 539,
      totalCents: 5937,
    };
    const cart = await readCart(database.db, cartId);
    expect(cart).toMatchObject(charged);
    expect(cart.lines.map((line) => line.taxClass)).toEqual(["taxable", "zero-rated"]);

    const order = await placeOrder(
      database.db,
      cartId,
      { userId: null, locale: "en-CA", clientAddress: null },
      buyer,
      TEST_PAYMENT,
    );
    expect(order).toMatchObject(charged);
    expect(order.lines.map((line) => line.taxClass)).toEqual(["taxable", "zero-rated"]);
    // The product's class may change later; the order keeps what it charged.
    await database.db
      .update(product)
      .set({ taxClass: "taxable" })
      .where(eq(product.id, ids.jam as number));
    const stored = await database.db
      .select({ productId: shopOrderLine.productId, taxClass: shopOrderLine.taxClass })
      .from(shopOrderLine)
      .innerJoin(shopOrder, eq(shopOrder.id, shopOrderLine.orderId))
      .where(eq(shopOrder.id, Number(order.number.slice(3))));
    expect(stored).toContainEqual({ productId: ids.jam, taxClass: "zero-rated" });
    const [row] = await database.db
      .select({ taxCents: shopOrder.taxCents })
      .from(shopOrder)
      .where(eq(shopOrder.id, Number(order.number.slice(3))));
    expect(row?.taxCents).toBe(539);
    await database.db
      .update(product)
      .set({ taxClass: "zero-rated" })
      .where(eq(product.id, ids.jam as number));
  });

  test("the order's prices are the product's at checkout, whatever the cart saw before", async () => {
    const cartId = await createVisitorCart(database.db);
    await addToCart(database.db, cartId, ids.syrup as number, 1);
    await setProvince(database.db, cartId, "AB");
    await database.db
      .update(product)
      .set({ originalPriceCents: 1500, salePriceCents: 1500 })
      .where(eq(product.id, ids.syrup as number));
    const order = await placeOrder(
      database.db,
      cartId,
      { userId: null, locale: "en-CA", clientAddress: null },
      { ...buyer, postalCode: "T2P 1J9", city: "Calgary" },
      TEST_PAYMENT,
    );
    expect(order).toMatchObject({ subtotalCents: 1500, taxCents: 75, totalCents: 1575 });
  });

  test("needs a province whose postal codes match, and a cart that is not empty", async () => {
    const cartId = await createVisitorCart(database.db);
    expect(
      (
        await refusal(
          placeOrder(
            database.db,
            cartId,
            { userId: null, locale: "en-CA", clientAddress: null },
            buyer,
            TEST_PAYMENT,
          ),
        )
      ).messageKey,
    ).toBe("shop.problems.provinceRequired");
    await setProvince(database.db, cartId, "ON");
    expect(
      (
        await refusal(
          placeOrder(
            database.db,
            cartId,
            { userId: null, locale: "en-CA", clientAddress: null },
            buyer,
            TEST_PAYMENT,
          ),
        )
      ).messageKey,
    ).toBe("shop.problems.postalCodeProvince");
    expect(
      (
        await refusal(
          placeOrder(
            database.db,
            cartId,
            { userId: null, locale: "en-CA", clientAddress: null },
            { ...buyer, postalCode: "K1A 0B1" },
            TEST_PAYMENT,
          ),
        )
      ).messageKey,
    ).toBe("shop.problems.emptyCart");
  });
});

describe("limits and unpaid orders", () => {
  beforeAll(async () => {
    await seedProducts(database.db, [
      fixtureProduct({ slug: "limited", stock: 100 }),
      fixtureProduct({ slug: "expiring", stock: 15 }),
    ]);
    for (const row of await database.db
      .select({ id: product.id, slug: product.slug })
      .from(product))
      ids[row.slug] = row.id;
  });

  const stockOf = async (slug: string) =>
    (
      await database.db
        .select({ stock: product.stock })
        .from(product)
        .where(eq(product.id, ids[slug] as number))
    )[0]?.stock;

  /** A visitor's cart of `quantity` of `slug`, checked out from `clientAddress` for `email`. */
  async function checkOut(slug: string, quantity: number, clientAddress: string, email: string) {
    const cartId = await createVisitorCart(database.db);
    await addToCart(database.db, cartId, ids[slug] as number, quantity);
    await setProvince(database.db, cartId, "QC");
    return placeOrder(
      database.db,
      cartId,
      { userId: null, locale: "en-CA", clientAddress },
      { ...buyer, email },
      TEST_PAYMENT,
    );
  }

  test("a few checkouts an hour per client address; past it, nothing is set aside or mailed", async () => {
    for (let n = 1; n <= LIMITS.checkout.max; n++)
      await checkOut("limited", 1, "10.90.0.1", `shopper${n}@example.com`);
    const before = await stockOf("limited");
    const refused = await refusal(checkOut("limited", 1, "10.90.0.1", "victim@example.com"));
    expect(refused.code).toBe("too_many_requests");
    expect(refused.messageKey).toBe("shop.problems.tooManyCheckouts");
    expect(refused.options.retryAfter).toBeGreaterThan(0);
    expect(await stockOf("limited")).toBe(before);
    const mails = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "victim@example.com"));
    expect(mails).toEqual([]);
  });

  test("a few an hour per e-mail address, from however many client addresses", async () => {
    for (let n = 1; n <= LIMITS["checkout-to"].max; n++)
      await checkOut("limited", 1, `10.91.0.${n}`, "target@example.com");
    const refused = await refusal(checkOut("limited", 1, "10.91.1.1", "Target@Example.com"));
    expect(refused.code).toBe("too_many_requests");
  });

  test("an order still unpaid after the set time is cancelled, its stock returned and its buyer told", async () => {
    const order = await checkOut("expiring", 10, "10.92.0.1", "slow-payer@example.com");
    expect(await stockOf("expiring")).toBe(5);
    const placedAt = new Date(order.createdAt).getTime();
    const hours = (n: number) => new Date(placedAt + n * 60 * 60 * 1000);
    expect(await releaseUnpaidOrders(database.db, 48, TEST_PAYMENT.links, hours(47))).toBe(0);
    expect(await stockOf("expiring")).toBe(5);
    expect(
      await releaseUnpaidOrders(database.db, 48, TEST_PAYMENT.links, hours(49)),
    ).toBeGreaterThanOrEqual(1);
    expect(await stockOf("expiring")).toBe(15);
    const [row] = await database.db
      .select({ status: shopOrder.status })
      .from(shopOrder)
      .where(eq(shopOrder.email, "slow-payer@example.com"));
    expect(row?.status).toBe("cancelled");
    const subjects = (
      await database.db
        .select({ subject: outboxEmail.subject, text: outboxEmail.text })
        .from(outboxEmail)
        .where(eq(outboxEmail.to, "slow-payer@example.com"))
    ).map((mail) => mail.subject);
    expect(subjects).toContain(`Your Nearby order ${order.number} was cancelled: it was not paid`);
    // Released once: a later sweep finds nothing more to return.
    expect(await releaseUnpaidOrders(database.db, 48, TEST_PAYMENT.links, hours(100))).toBe(0);
    expect(await stockOf("expiring")).toBe(15);
  });

  test("two sweeps at once release an order once", async () => {
    const order = await checkOut("expiring", 4, "10.93.0.1", "racing-sweeps@example.com");
    expect(await stockOf("expiring")).toBe(11);
    const later = new Date(new Date(order.createdAt).getTime() + 49 * 60 * 60 * 1000);
    const released = await Promise.all([
      releaseUnpaidOrders(database.db, 48, TEST_PAYMENT.links, later),
      releaseUnpaidOrders(database.db, 48, TEST_PAYMENT.links, later),
    ]);
    expect(released[0] + released[1]).toBe(1);
    expect(await stockOf("expiring")).toBe(15);
    const mails = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "racing-sweeps@example.com"));
    expect(mails).toHaveLength(2); // the order's confirmation, and one cancellation
  });

  test("a paid order is never released", async () => {
    const order = await checkOut("expiring", 2, "10.94.0.1", "payer@example.com");
    await database.db
      .update(shopOrder)
      .set({ status: "paid" })
      .where(eq(shopOrder.email, "payer@example.com"));
    const later = new Date(new Date(order.createdAt).getTime() + 49 * 60 * 60 * 1000);
    await releaseUnpaidOrders(database.db, 48, TEST_PAYMENT.links, later);
    expect(await stockOf("expiring")).toBe(13);
  });
});
