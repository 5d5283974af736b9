import { listWaitingOrders, waitingOrdersCount } from "../shop/staff.server.ts";
import type { QueueKind } from "./queue.server.ts";
import { reportsQueue } from "./reports.server.ts";
import {
  claimsKind,
  employersKind,
  listingsKind,
  plansKind,
  postingsKind,
  redeemKind,
} from "./request-kinds.server.ts";

/** Every kind of waiting work the queue lists, each from its area's `staff.server.ts`. */
export const QUEUE_KINDS: readonly QueueKind[] = [
  reportsQueue,
  {
    key: "orders",
    label: "staff.queue.kinds.orders",
    count: waitingOrdersCount,
    list: listWaitingOrders,
  },
  redeemKind,
  plansKind,
  claimsKind,
  listingsKind,
  employersKind,
  postingsKind,
];
