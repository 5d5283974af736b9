import type { QueueKind } from "./queue.server.ts";
import { reportsQueue } from "./reports.server.ts";

/** Every kind of waiting work the queue lists, each from its area's `staff.server.ts`. */
export const QUEUE_KINDS: readonly QueueKind[] = [reportsQueue];
