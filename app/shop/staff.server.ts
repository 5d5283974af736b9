import { and, asc, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client.server.ts";
import { shopOrder } from "../db/schema/shop.ts";
import { statementCache, withPlaceholders } from "../db/statements.server.ts";
import { formatMoney } from "../i18n/format.ts";
import type { Locale } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { pageOf } from "../platform/query.ts";
import { type OrderStatus, WAITING_STATUSES } from "./order-states.ts";
import {
  ORDERS_PAGE_SIZE,
  type OrderMove,
  type OrderSummary,
  summaryColumns,
  toSummary,
} from "./orders.server.ts";
import type { orderStepSchema } from "./schemas.ts";

// The console's operations on orders (issue 25): app/staff and its routes reach the shop only here.
export { orderLinksOf } from "./order-links.server.ts";
export { moveOrder, readOrder } from "./orders.server.ts";
export { idCursor as orderCursor, orderStepSchema, staffOrderQuerySchema } from "./schemas.ts";

const ORDER_NUMBER = /^(?:NB-?)?0*([1-9]\d{0,8})$/i;

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * How many of the newest orders a name part of one or two letters looks through. The trigram
 * index needs three letters; a shorter part walks the orders newest first, and one that matches
 * none (`ab` at 100,000 orders) would read them all (115 ms). The page says so.
 */
export const SHORT_SEARCH_WINDOW = 5000;

/** What the search text is: nothing, an order number, an e-mail, or a part of a name. */
type Matching =
  | { kind: "any" }
  | { kind: "number"; value: number }
  | { kind: "email" | "part" | "short part"; value: string };

/**
 * What the search text means: an order number ("NB-000042", "42") is that order, text with an @ is
 * the buyer's e-mail (whole, any case: shop_order_email_idx), anything else a part of the buyer's
 * name (shop_order_name_trgm_idx for three letters or more; a shorter one walks the newest
 * SHORT_SEARCH_WINDOW orders on the primary key).
 */
function matching(q: string): Matching {
  if (q === "") return { kind: "any" };
  const number = ORDER_NUMBER.exec(q);
  if (number) return { kind: "number", value: Number(number[1]) };
  if (q.includes("@")) return { kind: "email", value: q.toLowerCase() };
  const part = `%${likeText(q.toLowerCase())}%`;
  return { kind: [...q].length >= 3 ? "part" : "short part", value: part };
}

/** The condition of a search, its value bound to the statement's placeholder `match`. */
function matchCondition(kind: Matching["kind"], match: unknown): SQL | undefined {
  switch (kind) {
    case "any":
      return undefined;
    case "number":
      return eq(shopOrder.id, match as number);
    case "email":
      return sql`lower(${shopOrder.email}) = ${match}`;
    case "part":
      return sql`${shopOrder.nameLower} like ${match}`;
    case "short part":
      return sql`${shopOrder.nameLower} like ${match}
        and ${shopOrder.id} > (select max(id) from ${shopOrder}) - ${SHORT_SEARCH_WINDOW}`;
  }
}

/**
 * The searches' statements, one per kind of text and filters given: built by Drizzle once, and
 * planned by PostgreSQL for each search's values (a common letter and a rare name part read
 * different indexes).
 */
const searchStatements = statementCache<Parameters<typeof toSummary>[0][]>("order_search");

/**
 * The console's order list: a search and a status, newest first, a page after `before`; `short`
 * when a name part of one or two letters looked only through the newest orders.
 */
export async function searchOrders(
  db: Db,
  { q, status, before }: { q: string; status: OrderStatus | null; before: number | null },
): Promise<{ orders: OrderSummary[]; next: number | null; short: boolean }> {
  const match = matching(q);
  const { bound, values, shape } = withPlaceholders({
    match: "value" in match ? match.value : undefined,
    status: status ?? undefined,
    before: before ?? undefined,
  });
  const statement = searchStatements(
    db,
    `${match.kind} ${shape}`,
    (handle) =>
      handle
        .select(summaryColumns)
        .from(shopOrder)
        .where(
          and(
            matchCondition(match.kind, bound.match),
            bound.status === undefined ? undefined : eq(shopOrder.status, bound.status),
            bound.before === undefined ? undefined : lt(shopOrder.id, bound.before),
          ),
        )
        .orderBy(desc(shopOrder.id))
        .limit(ORDERS_PAGE_SIZE + 1),
    { samePlanForAnyValues: false },
  );
  const rows = await statement.execute(values);
  const { items, next } = pageOf(rows, ORDERS_PAGE_SIZE, (last) => last.id);
  return { orders: items.map(toSummary), next, short: match.kind === "short part" };
}

/** The step a console form asks for, as the service's move. */
export function orderMoveOf(form: z.output<typeof orderStepSchema>): OrderMove {
  switch (form.intent) {
    case "mark_paid":
      return { to: "paid", reference: form.reference };
    case "mark_shipped":
      return { to: "shipped", carrier: form.carrier, trackingNumber: form.trackingNumber };
    case "mark_delivered":
      return { to: "delivered" };
    case "cancel":
      return { to: "cancelled" };
    case "refund":
      return { to: "refunded", reference: form.reference };
  }
}

const waiting = inArray(shopOrder.status, [...WAITING_STATUSES]);

/** How many orders wait on staff (shop_order_waiting_idx, a partial index). */
export const waitingOrdersCount: SQL<number> = sql<number>`(select count(*)::integer
  from ${shopOrder} where ${waiting})`;

/**
 * Orders waiting on staff, oldest placed first, strictly after `after` (the queue's position):
 * a payment to match or a parcel to send. Read from shop_order_waiting_idx, whatever the depth.
 */
export async function listWaitingOrders(
  db: Db,
  {
    locale,
    after,
    limit,
  }: { locale: Locale; after: { at: Date; id: string } | null; limit: number },
) {
  const rows = await db
    .select(summaryColumns)
    .from(shopOrder)
    .where(
      and(
        waiting,
        // A Date holds milliseconds and created_at microseconds: the position's millisecond is
        // read whole, its orders after the position's id, and the index from there on.
        after
          ? and(
              gte(shopOrder.createdAt, after.at),
              or(
                gte(shopOrder.createdAt, new Date(after.at.getTime() + 1)),
                gt(shopOrder.id, Number(after.id)),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(shopOrder.createdAt), asc(shopOrder.id))
    .limit(limit);
  const t = serverT(locale);
  return rows.map((row) => {
    const order = toSummary(row);
    return {
      id: String(order.id),
      waitingSince: row.createdAt,
      title: t("staff.orders.queueTitle", {
        number: order.number,
        total: formatMoney(order.totalCents, locale),
      }),
      detail: t(`staff.orders.queueDetail.${order.status as "awaiting_payment" | "paid"}`, {
        name: order.name,
      }),
      href: `/staff/orders/${order.id}`,
    };
  });
}
