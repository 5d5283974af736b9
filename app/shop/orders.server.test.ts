import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle, Tx } from "../db/client.server.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { product, shopOrder } from "../db/schema/shop.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { type Actor, type AuditEntry, recordAudit } from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import { addToCart, createVisitorCart, setProvince } from "./cart.server.ts";
import { placeOrder, releaseUnpaidOrders } from "./checkout.server.ts";
import { isOrderToken, orderToken } from "./order-links.server.ts";
import { ORDER_MOVES, ORDER_STATUSES, type OrderStatus } from "./order-states.ts";
import { listPlayerOrders, moveOrder, type OrderMove, readOrder } from "./orders.server.ts";
import { seedProducts } from "./seed.server.ts";
import {
  listWaitingOrders,
  SHORT_SEARCH_WINDOW,
  searchOrders,
  waitingOrdersCount,
} from "./staff.server.ts";
import { fixtureProduct, insertPlayer, TEST_PAYMENT } from "./test-fixtures.ts";

let database: DatabaseHandle;
let mugId: number;
let serial = 0;

const maude: Actor = { id: "maude", role: "moderator", clientAddress: "203.0.113.7" };
const omar: Actor = { id: "omar", role: "admin", clientAddress: "203.0.113.8" };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProducts(database.db, [fixtureProduct({ slug: "mug", stock: 1000 })]);
  const [mug] = await database.db.select({ id: product.id }).from(product);
  mugId = mug?.id as number;
  await database.db.execute(sql`insert into "user" (id, name, email, handle, role) values
    ('maude', 'Maude Moderator', 'maude@example.com', 'maude', 'moderator'),
    ('omar', 'Omar Admin', 'omar@example.com', 'omar', 'admin')`);
  await insertPlayer(database.db, "lea");
  await insertPlayer(database.db, "sam");
});

afterAll(() => database.close());

/** A guest's (or a player's) order of `quantity` mugs, awaiting payment. */
async function newOrder({
  quantity = 2,
  locale = "en-CA",
  userId = null,
  email,
  name = "Léa Tremblay",
}: {
  quantity?: number;
  locale?: "en-CA" | "fr-CA";
  userId?: string | null;
  email?: string;
  name?: string;
} = {}): Promise<number> {
  serial += 1;
  const cartId = await createVisitorCart(database.db);
  await addToCart(database.db, cartId, mugId, quantity);
  await setProvince(database.db, cartId, "QC");
  const order = await placeOrder(
    database.db,
    cartId,
    { userId, locale, clientAddress: `10.77.${Math.floor(serial / 250)}.${serial % 250}` },
    {
      name,
      // Checkouts to one address are limited (app/platform/limits.ts): each buyer its own.
      email: email ?? `buyer-${serial}@example.com`,
      address: "12 rue des Érables",
      city: "Québec",
      postalCode: "G1R 4P5",
    },
    TEST_PAYMENT,
  );
  return Number(order.number.slice(3));
}

/**
 * A console step as staffWrite runs it (app/staff/write.server.ts, which this area may not
 * import): the move and its audit row in one transaction.
 */
function act(actor: Actor, id: number, from: OrderStatus, move: OrderMove) {
  return database.db.transaction(async (tx: Tx) => {
    const { audit, result } = await moveOrder(tx, id, from, move, TEST_PAYMENT.links);
    await recordAudit(tx, actor, audit as AuditEntry);
    return result;
  });
}

const MOVES: Record<Exclude<OrderStatus, "awaiting_payment">, OrderMove> = {
  paid: { to: "paid", reference: "CA1Xyz" },
  shipped: { to: "shipped", carrier: "Canada Post", trackingNumber: "7023 1234 5678" },
  delivered: { to: "delivered" },
  cancelled: { to: "cancelled" },
  refunded: { to: "refunded", reference: "RF-77" },
};

/** The way to each state from a new order. */
const PATHS: Record<OrderStatus, Exclude<OrderStatus, "awaiting_payment">[]> = {
  awaiting_payment: [],
  paid: ["paid"],
  shipped: ["paid", "shipped"],
  delivered: ["paid", "shipped", "delivered"],
  cancelled: ["cancelled"],
  refunded: ["paid", "refunded"],
};

async function orderIn(status: OrderStatus, options?: Parameters<typeof newOrder>[0]) {
  const id = await newOrder(options);
  let from: OrderStatus = "awaiting_payment";
  for (const to of PATHS[status]) {
    await act(maude, id, from, MOVES[to]);
    from = to;
  }
  return id;
}

const stock = async () =>
  (await database.db.select({ stock: product.stock }).from(product).where(eq(product.id, mugId)))[0]
    ?.stock as number;
const auditOf = (id: number) =>
  database.db
    .select()
    .from(auditEvent)
    .where(sql`${auditEvent.targetKind} = 'order' and ${auditEvent.targetId} = ${String(id)}`)
    .orderBy(auditEvent.id);
const mailsTo = (email: string) =>
  database.db.select().from(outboxEmail).where(eq(outboxEmail.to, email)).orderBy(outboxEmail.id);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("every move of the table", () => {
  const allowed = ORDER_STATUSES.flatMap((from) =>
    ORDER_MOVES[from].map(
      (to) => [from, to] as [OrderStatus, Exclude<OrderStatus, "awaiting_payment">],
    ),
  );

  test.each(allowed)(
    "%s → %s: the status, its time, the buyer's e-mail and the audit row",
    async (from, to) => {
      const email = `${from}-${to}@example.com`;
      const id = await orderIn(from, { email, locale: "fr-CA" });
      const stockBefore = await stock();
      const mailsBefore = (await mailsTo(email)).length;
      const auditBefore = (await auditOf(id)).length;
      expect(await act(omar, id, from, MOVES[to])).toEqual({ status: to });

      const order = await readOrder(database.db, id, "any");
      expect(order?.status).toBe(to);
      expect(order?.steps.at(-1)?.status).toBe(to);
      // Ending an order before its items left puts them back; any other move leaves the stock.
      expect(await stock()).toBe(stockBefore + (to === "cancelled" || to === "refunded" ? 2 : 0));
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(mailsBefore + 1);
      const mail = mails.at(-1);
      expect(mail?.text).toMatch(new RegExp(`http://localhost/fr/orders/${id}\\?t=[\\w-]{43}`));
      expect(mail?.subject).toContain(`NB-${String(id).padStart(6, "0")}`);
      const audit = await auditOf(id);
      expect(audit).toHaveLength(auditBefore + 1);
      expect(audit.at(-1)).toMatchObject({
        actorId: "omar",
        actorRole: "admin",
        targetKind: "order",
        before: { status: from },
        after: { status: to },
      });
    },
  );

  test("the e-mails say what the step was, in the buyer's language", async () => {
    const id = await orderIn("paid", { email: "ship@example.com", locale: "fr-CA" });
    await act(maude, id, "paid", MOVES.shipped);
    const mail = (await mailsTo("ship@example.com")).at(-1);
    expect(mail?.subject).toBe(
      `Votre commande Nearby NB-${String(id).padStart(6, "0")} est expédiée`,
    );
    expect(mail?.text).toContain("avec Canada Post, numéro de suivi 7023 1234 5678");
    const audit = (await auditOf(id)).at(-1);
    expect(audit).toMatchObject({
      action: "order.mark_shipped",
      after: { status: "shipped", carrier: "Canada Post", trackingNumber: "7023 1234 5678" },
    });
  });

  const refused = ORDER_STATUSES.map((from) => {
    const to = (Object.keys(MOVES) as Exclude<OrderStatus, "awaiting_payment">[]).find(
      (candidate) => !ORDER_MOVES[from].includes(candidate),
    );
    return [from, to as Exclude<OrderStatus, "awaiting_payment">] as const;
  });

  test.each(refused)(
    "%s → %s is not in the table: 409, nothing changes, no audit row",
    async (from, to) => {
      const id = await orderIn(from, { email: `refused-${from}@example.com` });
      const stockBefore = await stock();
      const mailsBefore = (await mailsTo(`refused-${from}@example.com`)).length;
      const auditBefore = (await auditOf(id)).length;
      const error = await refusal(act(maude, id, from, MOVES[to]));
      expect(error.code).toBe("conflict");
      expect(error.status).toBe(409);
      expect((await readOrder(database.db, id, "any"))?.status).toBe(from);
      expect(await stock()).toBe(stockBefore);
      expect(await mailsTo(`refused-${from}@example.com`)).toHaveLength(mailsBefore);
      expect(await auditOf(id)).toHaveLength(auditBefore);
    },
  );

  test("an order that does not exist is a 404", async () => {
    expect((await refusal(act(maude, 999_999, "awaiting_payment", MOVES.paid))).code).toBe(
      "not_found",
    );
  });
});

describe("races", () => {
  test("two staff mark one order paid at once: one succeeds, the other's 409 names the first", async () => {
    const id = await newOrder();
    const results = await Promise.allSettled([
      act(maude, id, "awaiting_payment", MOVES.paid),
      act(omar, id, "awaiting_payment", { to: "paid", reference: "OTHER" }),
    ]);
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const error = (lost[0] as PromiseRejectedResult).reason as AppError;
    expect(error.code).toBe("already_handled");
    const winner = (await auditOf(id))[0];
    expect(error.options.values?.name).toBe(
      winner?.actorId === "maude" ? "Maude Moderator" : "Omar Admin",
    );
    expect(await auditOf(id)).toHaveLength(1);
  });

  test("a step on a state someone already left answers 409 naming who moved it", async () => {
    const id = await orderIn("paid");
    const error = await refusal(act(omar, id, "awaiting_payment", { to: "cancelled" }));
    expect(error.code).toBe("already_handled");
    expect(error.options.values?.name).toBe("Maude Moderator");
  });

  test("20 concurrent cancels: one succeeds, the stock comes back once, one e-mail, one audit row", async () => {
    const id = await newOrder({ quantity: 3, email: "twenty@example.com" });
    const before = await stock();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        act(index % 2 ? maude : omar, id, "awaiting_payment", { to: "cancelled" }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results)
      if (result.status === "rejected") expect((result.reason as AppError).status).toBe(409);
    expect(await stock()).toBe(before + 3);
    expect(await auditOf(id)).toHaveLength(1);
    expect(
      (await mailsTo("twenty@example.com")).filter((mail) => mail.subject.includes("cancelled")),
    ).toHaveLength(1);
  });

  test("the unpaid-order sweep and a staff member cancelling at once return the stock once", async () => {
    const id = await newOrder({ quantity: 4 });
    const before = await stock();
    const later = new Date(Date.now() + 72 * 60 * 60 * 1000);
    const results = await Promise.allSettled([
      releaseUnpaidOrders(database.db, 48, TEST_PAYMENT.links, later),
      act(maude, id, "awaiting_payment", { to: "cancelled" }),
    ]);
    expect(
      results.every(
        (result) => result.status === "fulfilled" || (result.reason as AppError).status === 409,
      ),
    ).toBe(true);
    expect((await readOrder(database.db, id, "any"))?.status).toBe("cancelled");
    expect(await stock()).toBeGreaterThanOrEqual(before + 4);
    const [row] = await database.db
      .select({ cancelledAt: shopOrder.cancelledAt })
      .from(shopOrder)
      .where(eq(shopOrder.id, id));
    expect(row?.cancelledAt).toBeInstanceOf(Date);
  });
});

describe("the buyer's side", () => {
  test("the signed link's token is the order's alone", () => {
    const token = orderToken(41, TEST_PAYMENT.links.secret);
    expect(isOrderToken(41, token, TEST_PAYMENT.links.secret)).toBe(true);
    expect(isOrderToken(42, token, TEST_PAYMENT.links.secret)).toBe(false);
    expect(isOrderToken(41, `${token.slice(0, -1)}A`, TEST_PAYMENT.links.secret)).toBe(
      token.endsWith("A"),
    );
    expect(isOrderToken(41, token, "another-secret-another-secret-12345")).toBe(false);
    expect(isOrderToken(41, "", TEST_PAYMENT.links.secret)).toBe(false);
  });

  test("a player reads only their own orders, newest first", async () => {
    const first = await newOrder({ userId: "lea" });
    const second = await newOrder({ userId: "lea" });
    const sams = await newOrder({ userId: "sam" });
    const page = await listPlayerOrders(database.db, "lea", null);
    expect(page.orders.map((order) => order.id)).toEqual([second, first]);
    expect(await readOrder(database.db, first, { userId: "lea" })).toBeDefined();
    expect(await readOrder(database.db, sams, { userId: "lea" })).toBeUndefined();
  });

  test("the steps show each state's date, and no staff member's name", async () => {
    const id = await orderIn("delivered");
    const order = await readOrder(database.db, id, "any");
    expect(order?.steps.map((step) => step.status)).toEqual([
      "placed",
      "paid",
      "shipped",
      "delivered",
    ]);
    expect(order?.steps[2]).toMatchObject({
      carrier: "Canada Post",
      trackingNumber: "7023 1234 5678",
    });
    expect(JSON.stringify(order?.steps)).not.toContain("Maude");
  });
});

describe("the console's lists", () => {
  test("search by order number, e-mail (any case), part of the name, and status; newest first", async () => {
    const a = await newOrder({ email: "Zoe.Search@example.com", name: "Zoé Quartier" });
    const b = await orderIn("paid", { email: "zoe.search@example.com", name: "Zoé Quartier" });
    const find = (q: string, status: OrderStatus | null = null) =>
      searchOrders(database.db, { q, status, before: null }).then((page) =>
        page.orders.map((order) => order.id),
      );
    expect(await find(`NB-${String(a).padStart(6, "0")}`)).toEqual([a]);
    expect(await find(String(a))).toEqual([a]);
    expect(await find("ZOE.SEARCH@example.com")).toEqual([b, a]);
    expect(await find("quart")).toEqual([b, a]);
    expect(await find("quart", "paid")).toEqual([b]);
    expect(await find("100%_")).toEqual([]);
  });

  test("a name part of one or two letters looks through the newest orders only, and says so", async () => {
    const old = await newOrder({ name: "Xu Oldbuyer" });
    // As many newer orders as the window holds, none of them Xu's, written as the bench does.
    await database.db.execute(sql`
      insert into shop_order (status, name, email, address, city, province, postal_code, locale,
                              subtotal_cents, taxes, tax_cents, total_cents)
      select 'delivered', 'Newer Buyer', 'newer@example.com', '1 Bench Street', 'Toronto', 'ON',
             'M5V 1A1', 'en-CA', 2000, '[]'::jsonb, 0, 2000
      from generate_series(1, ${SHORT_SEARCH_WINDOW}::int)`);
    const short = await searchOrders(database.db, { q: "xu", status: null, before: null });
    expect(short).toMatchObject({ orders: [], short: true });
    const longer = await searchOrders(database.db, { q: "xu o", status: null, before: null });
    expect(longer.orders.map((order) => order.id)).toEqual([old]);
    expect(longer.short).toBe(false);
    const recent = await newOrder({ name: "Xu Newbuyer" });
    const found = await searchOrders(database.db, { q: "XU", status: null, before: null });
    expect(found.orders.map((order) => order.id)).toEqual([recent]);
  });

  test("pages go on strictly after the last one shown", async () => {
    for (let n = 0; n < 22; n++) await newOrder({ name: "Pagey McPage" });
    const first = await searchOrders(database.db, { q: "pagey", status: null, before: null });
    expect(first.orders).toHaveLength(20);
    const second = await searchOrders(database.db, {
      q: "pagey",
      status: null,
      before: first.next,
    });
    expect(second.orders).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(Math.max(...second.orders.map((order) => order.id))).toBeLessThan(
      Math.min(...first.orders.map((order) => order.id)),
    );
  });

  test("the queue: orders awaiting payment or shipping, oldest first, after a position", async () => {
    const waiting = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopOrder)
      .where(sql`${shopOrder.status} in ('awaiting_payment', 'paid')`);
    const counted = await database.db.execute<{ n: number }>(
      sql`select ${waitingOrdersCount} as n`,
    );
    expect(counted.rows[0]?.n).toBe(waiting[0]?.n);
    const all = await listWaitingOrders(database.db, { locale: "fr-CA", after: null, limit: 1000 });
    expect(all).toHaveLength(waiting[0]?.n as number);
    const times = all.map((item) => item.waitingSince.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    // Unlocalized: the queue page puts the member's language in front.
    expect(all[0]?.href).toMatch(/^\/staff\/orders\/\d+$/);
    expect(all[0]?.title).toMatch(/^Commande NB-\d{6}, /);
    const rest = await listWaitingOrders(database.db, {
      locale: "en-CA",
      after: { at: all[4]?.waitingSince as Date, id: all[4]?.id as string },
      limit: 1000,
    });
    expect(rest.map((item) => item.id)).toEqual(all.slice(5).map((item) => item.id));
  });
});
