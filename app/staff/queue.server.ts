import type { Db } from "../db/client.server.ts";
import type { MessageKey } from "../i18n/i18n.ts";
import type { Locale } from "../i18n/locale.ts";

/** One thing waiting on a person, as the queue page lists it. */
type QueueItem = {
  /** The id of the waiting row, unique within its kind. */
  id: string;
  /** Since when it waits: the queue lists the oldest first. */
  waitingSince: Date;
  /** One line saying what it is, in the member's language ("Order N-1042, $84.75"). */
  title: string;
  /** A second line (reasons, buyer, goal…), or null. */
  detail: string | null;
  /** The console page where a member acts on it. */
  href: string;
};

/** Where a kind's list stopped: the last item's time and id. */
type QueuePosition = { at: Date; id: string };

/**
 * One kind of waiting work. Each area that has some (reports, orders, redeem requests, plan
 * requests, and later listing claims and employer checks) exports one from its `staff.server.ts`,
 * and `QUEUE_KINDS` lists them: a new kind needs no page of its own.
 */
export type QueueKind = {
  /** In addresses and cursors: lower-case letters and hyphens. */
  key: string;
  /** The kind's name, with a count: `staff.queue.kinds.<key>`. */
  label: MessageKey;
  /** How many are waiting. */
  count(db: Db): Promise<number>;
  /**
   * Up to `limit` waiting items strictly after `after` in (waitingSince, id) order, oldest first.
   * Backed by an index on that order, so a page costs the same at any depth.
   */
  list(
    db: Db,
    options: { locale: Locale; after: QueuePosition | null; limit: number },
  ): Promise<QueueItem[]>;
};
