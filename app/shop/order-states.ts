import type { Moves } from "../platform/state-machine.ts";

export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Every move an order may make, for staff and the unpaid-order sweep alike (docs/orders.md draws
 * it). Only an unpaid order is cancelled: a paid one has money to give back, so stopping it is a
 * refund, which needs its reference. A shipped order is out of our hands: it can only be
 * delivered (returns are not part of the shop yet).
 */
export const ORDER_MOVES: Moves<OrderStatus> = {
  awaiting_payment: ["paid", "cancelled"],
  paid: ["shipped", "refunded"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
  refunded: [],
};

/** The moves that end an order before its items left: they go back in stock. */
export const RESTOCKING_STATUSES: readonly OrderStatus[] = ["cancelled", "refunded"];

/** The states in which an order waits on staff: a payment to match, a parcel to send. */
export const WAITING_STATUSES: readonly OrderStatus[] = ["awaiting_payment", "paid"];
