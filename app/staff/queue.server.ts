import { type SQL, sql } from "drizzle-orm";
import type { QueryResult } from "pg";
import { z } from "zod";
import { type ChangeFeed, keptUntilChanged } from "../db/changes.server.ts";
import type { Db } from "../db/client.server.ts";
import { sqlStatement, statementCache } from "../db/statements.server.ts";
import type { MessageKey } from "../i18n/i18n.ts";
import type { Locale } from "../i18n/locale.ts";
import { cursorCodec, firstValue } from "../platform/query.ts";

/** One thing waiting on a person, as the queue page lists it. */
export type QueueItem = {
  /** The id of the waiting row, unique within its kind. */
  id: string;
  /** Since when it waits: the queue lists the oldest first. */
  waitingSince: Date;
  /** One line saying what it is, in the member's language ("Order N-1042, $84.75"). */
  title: string;
  /** A second line (reasons, buyer, goal…), or null. */
  detail: string | null;
  /** The console page where a member acts on it, without the language prefix (the page adds it). */
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
  /**
   * How many are waiting: a scalar subquery, so that the page reads every kind's count in one
   * statement (one round trip, not one a kind).
   */
  count: SQL<number>;
  /**
   * Up to `limit` waiting items strictly after `after` in (waitingSince, id) order, oldest first.
   * Backed by an index on that order, so a page costs the same at any depth.
   */
  list(
    db: Db,
    options: { locale: Locale; after: QueuePosition | null; limit: number },
  ): Promise<QueueItem[]>;
};

/** The counts' statement, built once per list of kinds (the queue has two: all, and one kind). */
const countStatements = statementCache<QueryResult<Record<string, number>>>("queue_counts");

/**
 * Every kind's waiting count, by kind key, in one statement. Its text depends only on the kinds,
 * so Drizzle builds it once rather than on every queue page (docs/performance.md).
 */
export async function queueCounts(
  db: Db,
  kinds: readonly QueueKind[],
): Promise<Map<string, number>> {
  const statement = countStatements(
    db,
    kinds.map((kind) => kind.key).join(","),
    // Built only when the cache has no statement for these kinds yet.
    (handle) =>
      sqlStatement<Record<string, number>>(
        sql`select ${sql.join(
          kinds.map((kind) => sql`${kind.count} as ${sql.identifier(kind.key)}`),
          sql`, `,
        )}`,
      )(handle),
    // Planned for its values on every run: a generic plan cannot use the partial indexes of the
    // waiting rows (shop_order_waiting_idx), whose conditions the values spell, and reads every
    // order instead (15 ms rather than 1 ms at 100,000 orders).
    { samePlanForAnyValues: false },
  );
  const { rows } = await statement.execute({});
  return new Map(kinds.map((kind) => [kind.key, Number(rows[0]?.[kind.key] ?? 0)]));
}

/** Where each kind's list stopped, by kind key: the queue's cursor. */
type QueueCursor = Record<string, QueuePosition>;

const KEY = "[a-z][a-z-]{0,39}";
const ID = "[A-Za-z0-9_-]{1,64}";
const POSITION = `${KEY}~\\d{1,15}~${ID}`;

/**
 * The queue's cursor in the address: each kind's last position shown, as `key~epochMs~id` joined
 * by commas, in the codec every list uses. Kinds not yet shown on any page have none.
 */
export const queueCursor = cursorCodec<QueueCursor>(
  [`${POSITION}(?:,${POSITION})*`],
  (cursor) => [
    Object.entries(cursor)
      .map(([key, position]) => `${key}~${position.at.getTime()}~${position.id}`)
      .join(","),
  ],
  ([positions]) =>
    Object.fromEntries(
      (positions ?? "").split(",").map((part) => {
        const [key, at, id] = part.split("~") as [string, string, string];
        return [key, { at: new Date(Number(at)), id }];
      }),
    ),
);

/** The queue page's address: a kind to show alone, and where the page starts. */
export const queueQuerySchema = z.object({
  kind: z.preprocess(
    firstValue,
    z
      .string()
      .regex(new RegExp(`^${KEY}$`), "staff.queue.kindInvalid")
      .optional(),
  ),
  // Longer than the API's cursors: one position per kind (the console is not in the API).
  cursor: z.preprocess(
    firstValue,
    z
      .string()
      .max(2000, "staff.queue.cursorInvalid")
      .optional()
      .transform((value, context) => {
        if (!value) return undefined;
        const cursor = /^[A-Za-z0-9_-]*$/.test(value) ? queueCursor.decode(value) : undefined;
        if (!cursor) context.addIssue({ code: "custom", message: "staff.queue.cursorInvalid" });
        return cursor;
      }),
  ),
});

/** Items of all kinds in one order: oldest first, then by kind and id, so ties page stably. */
const byWaiting = (a: KindItem, b: KindItem) =>
  a.waitingSince.getTime() - b.waitingSince.getTime() ||
  (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

type KindItem = QueueItem & { kind: string };

/**
 * One page of the queue: the waiting items of `kinds` merged oldest first. Each kind lists at
 * most `limit + 1` items after its own position in the cursor (on its index, so any page costs
 * the same); the merged first `limit` are the page, and the next cursor moves each kind to the
 * last of its items shown (a kind with none shown keeps its place). A kind `counts` (queueCounts)
 * says has none waiting is not asked: a statement saved for each empty kind.
 */
export async function queuePage(
  db: Db,
  kinds: readonly QueueKind[],
  {
    locale,
    cursor = {},
    limit,
    counts,
  }: { locale: Locale; cursor?: QueueCursor; limit: number; counts?: Map<string, number> },
): Promise<{ items: KindItem[]; next: string | null }> {
  const waiting = counts ? kinds.filter((kind) => (counts.get(kind.key) ?? 0) > 0) : kinds;
  const lists = await Promise.all(
    waiting.map(async (kind) =>
      (await kind.list(db, { locale, after: cursor[kind.key] ?? null, limit: limit + 1 })).map(
        (item): KindItem => ({ ...item, kind: kind.key }),
      ),
    ),
  );
  const merged = lists.flat().sort(byWaiting);
  const items = merged.slice(0, limit);
  if (merged.length <= limit) return { items, next: null };
  const next: QueueCursor = { ...cursor };
  for (const item of items) next[item.kind] = { at: item.waitingSince, id: item.id };
  return { items, next: queueCursor.encode(next) };
}

/** What the queue page shows: every kind's count, and a page of the kinds shown. */
type QueueView = {
  counts: Map<string, number>;
  page: Awaited<ReturnType<typeof queuePage>>;
};

/** The channel migration 0053's triggers notify when something the queue shows may change. */
export const STAFF_QUEUE_CHANNEL = "staff_queue";

/** The first pages, by language and kinds shown (decision 0082). */
const keptFirstPages = keptUntilChanged<QueueView>({ maxAgeMs: 60_000, maxEntries: 32 });

/**
 * The queue as its page shows it: the counts of every kind in `kinds` first (a kind with none
 * waiting is then not listed: one round trip for all the counts instead of one for each empty
 * kind's list), then a page of `shown`. The first page, which every member opens, is kept until
 * `changes` says something it shows may have changed (migration 0053); a later page is read anew.
 */
export async function queueView(
  db: Db,
  changes: ChangeFeed,
  options: {
    kinds: readonly QueueKind[];
    shown: readonly QueueKind[];
    locale: Locale;
    cursor?: QueueCursor;
    limit: number;
  },
): Promise<QueueView> {
  const { kinds, shown, cursor, ...page } = options;
  const read = async () => {
    const counts = await queueCounts(db, kinds);
    return { counts, page: await queuePage(db, shown, { ...page, cursor, counts }) };
  };
  if (cursor) return read();
  const key = [page.locale, page.limit, ...shown.map((kind) => kind.key)].join(" ");
  return keptFirstPages(changes, key, read);
}
