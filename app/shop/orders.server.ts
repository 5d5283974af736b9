import { and, asc, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { product, shopOrder, shopOrderLine } from "../db/schema/shop.ts";
import type { Locale } from "../i18n/locale.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { pageOf } from "../platform/query.ts";
import { assertMove } from "../platform/state-machine.ts";
import { orderStepEmail } from "./emails.server.ts";
import { type OrderLinks, orderStatusUrl } from "./order-links.server.ts";
import { ORDER_MOVES, type OrderStatus, RESTOCKING_STATUSES } from "./order-states.ts";
import type { TaxLine } from "./tax.ts";
import { orderNumber } from "./types.ts";

/** A step staff take, with what it needs: the e-Transfer's reference, the parcel's, the refund's. */
export type OrderMove =
  | { to: "paid"; reference: string }
  | { to: "shipped"; carrier: string; trackingNumber: string }
  | { to: "delivered" }
  | { to: "cancelled" }
  | { to: "refunded"; reference: string };

/** The columns a move sets beside the status: its time and its references. */
function changesOf(move: OrderMove) {
  const now = sql`now()`;
  switch (move.to) {
    case "paid":
      return { paidAt: now, paymentReference: move.reference };
    case "shipped":
      return { shippedAt: now, carrier: move.carrier, trackingNumber: move.trackingNumber };
    case "delivered":
      return { deliveredAt: now };
    case "cancelled":
      return { cancelledAt: now };
    case "refunded":
      return { refundedAt: now, refundReference: move.reference };
  }
}

const mailee = {
  name: shopOrder.name,
  email: shopOrder.email,
  locale: shopOrder.locale,
  totalCents: shopOrder.totalCents,
};

/**
 * Moves an order from `from` to `move.to` if the table allows it (409 otherwise), with the
 * conditional UPDATE on the status it was seen in (and `when`, for the sweep's age): of several
 * callers at once, one moves it and the others get undefined. A move that ends the order before
 * its items left puts them back in stock in the same transaction, so exactly once.
 */
export async function takeOrderMove(
  tx: Tx,
  id: number,
  from: OrderStatus,
  move: OrderMove,
  when?: SQL,
) {
  assertMove(ORDER_MOVES, from, move.to);
  const [moved] = await tx
    .update(shopOrder)
    .set({ status: move.to, ...changesOf(move) })
    .where(and(eq(shopOrder.id, id), eq(shopOrder.status, from), when))
    .returning(mailee);
  if (!moved) return undefined;
  if (RESTOCKING_STATUSES.includes(move.to)) {
    const lines = await tx
      .select({ productId: shopOrderLine.productId, quantity: shopOrderLine.quantity })
      .from(shopOrderLine)
      .where(eq(shopOrderLine.orderId, id))
      .orderBy(asc(shopOrderLine.productId));
    for (const line of lines) {
      // A product deleted since has no stock to return to.
      if (line.productId === null) continue;
      await tx
        .update(product)
        .set({ stock: sql`${product.stock} + ${line.quantity}` })
        .where(eq(product.id, line.productId));
    }
  }
  return {
    ...moved,
    number: orderNumber(id),
    locale: (moved.locale === "fr-CA" ? "fr-CA" : "en-CA") as Locale,
  };
}

/**
 * A staff member's step on an order they saw in `from`: the move, the buyer's e-mail in the
 * order's language with the link to its status page, and the audit entry, all for the caller's
 * transaction (staffWrite). Someone who moved it first gets the 409 that names them.
 */
export async function moveOrder(
  tx: Tx,
  id: number,
  from: OrderStatus,
  move: OrderMove,
  links: OrderLinks,
): Promise<{ audit: AuditEntry; result: { status: OrderStatus } }> {
  const target = { kind: "order", id };
  const [current] = await tx
    .select({ status: shopOrder.status })
    .from(shopOrder)
    .where(eq(shopOrder.id, id));
  if (!current) throw new AppError("not_found");
  if (current.status !== from) throw await actedFirst(tx, target);
  const moved = await takeOrderMove(tx, id, from, move);
  if (!moved) throw await actedFirst(tx, target);
  const { to, ...details } = move;
  await enqueueEmail(
    tx,
    orderStepEmail(moved, to, details, moved.locale, orderStatusUrl(id, moved.locale, links)),
  );
  return {
    audit: {
      action: `order.${AUDIT_VERBS[to]}`,
      target,
      before: { status: from },
      after: { status: to, ...details },
    },
    result: { status: to },
  };
}

const AUDIT_VERBS: Record<OrderMove["to"], string> = {
  paid: "mark_paid",
  shipped: "mark_shipped",
  delivered: "mark_delivered",
  cancelled: "cancel",
  refunded: "refund",
};

/** An order's steps so far, each with its time: what the buyer's status page lists. */
export type OrderStep = {
  status: Exclude<OrderStatus, "awaiting_payment"> | "placed";
  at: string;
  reference?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
};

const orderColumns = {
  id: shopOrder.id,
  userId: shopOrder.userId,
  status: shopOrder.status,
  name: shopOrder.name,
  email: shopOrder.email,
  address: shopOrder.address,
  city: shopOrder.city,
  province: shopOrder.province,
  postalCode: shopOrder.postalCode,
  locale: shopOrder.locale,
  subtotalCents: shopOrder.subtotalCents,
  taxes: shopOrder.taxes,
  taxCents: shopOrder.taxCents,
  totalCents: shopOrder.totalCents,
  createdAt: shopOrder.createdAt,
  paymentReference: shopOrder.paymentReference,
  paidAt: shopOrder.paidAt,
  carrier: shopOrder.carrier,
  trackingNumber: shopOrder.trackingNumber,
  shippedAt: shopOrder.shippedAt,
  deliveredAt: shopOrder.deliveredAt,
  cancelledAt: shopOrder.cancelledAt,
  refundReference: shopOrder.refundReference,
  refundedAt: shopOrder.refundedAt,
};

type StepColumns = {
  createdAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date | null;
  carrier: string | null;
  trackingNumber: string | null;
};

/** The steps from the order's own columns: no staff names, which stay in the audit trail. */
function stepsOf(row: StepColumns): OrderStep[] {
  const steps: (OrderStep | null)[] = [
    { status: "placed", at: row.createdAt.toISOString() },
    row.paidAt && { status: "paid", at: row.paidAt.toISOString() },
    row.shippedAt && {
      status: "shipped",
      at: row.shippedAt.toISOString(),
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
    },
    row.deliveredAt && { status: "delivered", at: row.deliveredAt.toISOString() },
    row.cancelledAt && { status: "cancelled", at: row.cancelledAt.toISOString() },
    row.refundedAt && { status: "refunded", at: row.refundedAt.toISOString() },
  ];
  return steps.filter((step): step is OrderStep => Boolean(step));
}

/**
 * One order with its lines and steps, as its status page and the console show it; undefined when
 * there is none that `owner` allows (the owner's id is part of the query, so another's order is
 * the same 404 as none).
 */
export async function readOrder(db: Db | Tx, id: number, owner: { userId: string } | "any") {
  const [row] = await db
    .select(orderColumns)
    .from(shopOrder)
    .where(
      and(eq(shopOrder.id, id), owner === "any" ? undefined : eq(shopOrder.userId, owner.userId)),
    );
  if (!row) return undefined;
  const lines = await db
    .select({
      name: shopOrderLine.name,
      unitPriceCents: shopOrderLine.unitPriceCents,
      quantity: shopOrderLine.quantity,
      taxClass: shopOrderLine.taxClass,
    })
    .from(shopOrderLine)
    .where(eq(shopOrderLine.orderId, id))
    .orderBy(asc(shopOrderLine.id));
  return {
    id: row.id,
    number: orderNumber(row.id),
    userId: row.userId,
    status: row.status as OrderStatus,
    name: row.name,
    email: row.email,
    address: row.address,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    subtotalCents: row.subtotalCents,
    taxes: row.taxes as TaxLine[],
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    paymentReference: row.paymentReference,
    refundReference: row.refundReference,
    lines: lines.map((line) => ({ ...line, lineTotalCents: line.unitPriceCents * line.quantity })),
    steps: stepsOf(row),
  };
}

/** Orders on a page of a list. */
export const ORDERS_PAGE_SIZE = 20;

/** A row of an order list: the buyer's own, or the console's search. */
export type OrderSummary = {
  id: number;
  number: string;
  status: OrderStatus;
  name: string;
  totalCents: number;
  createdAt: string;
};

export const summaryColumns = {
  id: shopOrder.id,
  status: shopOrder.status,
  name: shopOrder.name,
  totalCents: shopOrder.totalCents,
  createdAt: shopOrder.createdAt,
};

export function toSummary(row: {
  id: number;
  status: string;
  name: string;
  totalCents: number;
  createdAt: Date;
}): OrderSummary {
  return {
    ...row,
    number: orderNumber(row.id),
    status: row.status as OrderStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A player's orders, newest first, a page at a time below the id `before` (shop_order_user_idx).
 * Returns one more than a page when there is more, for the pager.
 */
export async function listPlayerOrders(
  db: Db,
  userId: string,
  before: number | null,
): Promise<{ orders: OrderSummary[]; next: number | null }> {
  const rows = await db
    .select(summaryColumns)
    .from(shopOrder)
    .where(
      and(eq(shopOrder.userId, userId), before === null ? undefined : lt(shopOrder.id, before)),
    )
    .orderBy(desc(shopOrder.id))
    .limit(ORDERS_PAGE_SIZE + 1);
  const { items, next } = pageOf(rows, ORDERS_PAGE_SIZE, (last) => last.id);
  return { orders: items.map(toSummary), next };
}
