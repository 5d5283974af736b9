import { and, asc, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client.server.ts";
import { shopOrder } from "../db/schema/shop.ts";
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

/**
 * What the search text means: an order number ("NB-000042", "42") is that order, text with an @ is
 * the buyer's e-mail (whole, any case: shop_order_email_idx), anything else a part of the buyer's
 * name (shop_order_name_trgm_idx for three letters or more; a shorter one walks the newest
 * SHORT_SEARCH_WINDOW orders on the primary key). `short` says the window applied.
 */
function matching(q: string): { where: SQL | undefined; short: boolean } {
  if (q === "") return { where: undefined, short: false };
  const number = ORDER_NUMBER.exec(q);
  if (number) return { where: eq(shopOrder.id, Number(number[1])), short: false };
  if (q.includes("@")) {
    return { where: sql`lower(${shopOrder.email}) = ${q.toLowerCase()}`, short: false };
  }
  const part = sql`lower(${shopOrder.name}) like ${`%${likeText(q.toLowerCase())}%`}`;
  if ([...q].length >= 3) return { where: part, short: false };
  return {
    where: and(
      part,
      sql`${shopOrder.id} > (select max(id) from ${shopOrder}) - ${SHORT_SEARCH_WINDOW}`,
    ),
    short: true,
  };
}

/**
 * The console's order list: a search and a status, newest first, a page after `before`; `short`
 * when a name part of one or two letters looked only through the newest orders.
 */
export async function searchOrders(
  db: Db,
  { q, status, before }: { q: string; status: OrderStatus | null; before: number | null },
): Promise<{ orders: OrderSummary[]; next: number | null; short: boolean }> {
  const { where, short } = matching(q);
  const rows = await db
    .select(summaryColumns)
    .from(shopOrder)
    .where(
      and(
        where,
        status ? eq(shopOrder.status, status) : undefined,
        before === null ? undefined : lt(shopOrder.id, before),
      ),
    )
    .orderBy(desc(shopOrder.id))
    .limit(ORDERS_PAGE_SIZE + 1);
  const { items, next } = pageOf(rows, ORDERS_PAGE_SIZE, (last) => last.id);
  return { orders: items.map(toSummary), next, short };
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
