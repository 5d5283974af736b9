import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import type { Db, Tx } from "../db/client.server.ts";
import { business, businessDailyStat } from "../db/schema/directory.ts";
import { AppError } from "../platform/errors.ts";
import { PROVINCES } from "../platform/provinces.ts";
import { provinceTimeZone } from "./hours.ts";
import { directionsHref } from "./links.ts";
import { parseBusinessId } from "./search.ts";
import {
  addDays,
  dayIn,
  firstStatDay,
  STAT_KINDS,
  type StatCounts,
  type StatKind,
  type StatTarget,
  type StatWeek,
  weeklyTotals,
} from "./stats.ts";

/** How long daily rows are kept (the privacy page says so). */
const STAT_RETENTION_DAYS = 2 * 365;

/** The SQL of a business's time zone, from its province (hours.ts's table). */
const businessTimeZone = sql.join(
  [
    sql`case ${business.province}`,
    ...PROVINCES.map((province) => sql`when ${province} then ${provinceTimeZone(province)}`),
    sql`else ${provinceTimeZone("")} end`,
  ],
  sql` `,
);

/**
 * Adds counts to each business's row of the day it is at `at` in its own time zone, in one
 * statement: `insert … on conflict do update set n = n + excluded.n`, so concurrent additions all
 * count. A business that is not there (any more) is left out rather than refused.
 */
export async function addStats(
  db: Db | Tx,
  counts: ReadonlyMap<number, Partial<StatCounts>>,
  at = new Date(),
): Promise<void> {
  if (counts.size === 0) return;
  const rows = [...counts].map(([businessId, added]) => ({
    business_id: businessId,
    ...Object.fromEntries(STAT_KINDS.map((kind) => [kind, added[kind] ?? 0])),
  }));
  // The table's columns are the kinds in snake case (the schema's casing).
  const columns = STAT_KINDS.map((kind) =>
    sql.identifier(kind.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)),
  );
  const recordColumns = sql.join(
    STAT_KINDS.map((kind) => sql`${sql.identifier(kind)} integer`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${businessDailyStat} (business_id, day, ${sql.join(columns, sql`, `)})
    select ${business.id}, (${at.toISOString()}::timestamptz at time zone (${businessTimeZone}))::date,
           ${sql.join(
             STAT_KINDS.map((kind) => sql`added.${sql.identifier(kind)}`),
             sql`, `,
           )}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
         as added(business_id integer, ${recordColumns})
    join ${business} on ${business.id} = added.business_id
    on conflict (business_id, day) do update set ${sql.join(
      columns.map((column) => sql`${column} = ${businessDailyStat}.${column} + excluded.${column}`),
      sql`, `,
    )}`);
}

/** Adds one to one figure of one business, at once. */
export function countStat(db: Db | Tx, businessId: number, kind: StatKind): Promise<void> {
  return addStats(db, new Map([[businessId, { [kind]: 1 }]]));
}

export type StatCounter = {
  count(businessId: number, kind: StatKind): void;
  /** Writes what was counted so far (the timer does it every `everyMs`). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
};

/**
 * Counts in memory and writes every `everyMs` in one statement, so a busy page costs one small
 * write a second rather than one per visitor. A write that fails loses that second's counts (they
 * are statistics; retrying them would pile up behind a database that is down).
 */
export function statCounter(
  db: Db,
  {
    everyMs = 1000,
    log = console.error,
  }: { everyMs?: number; log?: (error: unknown) => void } = {},
): StatCounter {
  let pending = new Map<number, Partial<StatCounts>>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    await addStats(db, batch).catch(log);
  };
  const timer = setInterval(flush, everyMs);
  timer.unref();
  return {
    count(businessId, kind) {
      const counts = pending.get(businessId) ?? {};
      counts[kind] = (counts[kind] ?? 0) + 1;
      pending.set(businessId, counts);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** A business page, in either language, as a document or a client navigation's data. */
const BUSINESS_PAGE = /^(?:\/fr)?\/businesses\/([^/.]+)(?:\.data)?\/?$/;

/** The business whose page `pathname` is, if it is one. */
function businessOfPage(pathname: string): number | undefined {
  const id = BUSINESS_PAGE.exec(pathname)?.[1];
  return id ? parseBusinessId(id) : undefined;
}

/** Whether a request was made by a person's browser rather than a crawler or a script. */
export function byPerson(request: Request): boolean {
  const agent = request.headers.get("user-agent");
  return agent !== null && agent !== "" && !isbot(agent);
}

/**
 * Which business page a GET is a view of, if it counts: not a robot's, and not one made from that
 * same page (paging its reviews, or the page's data asked again after one of its forms), which is
 * the same visit. The referrer is only compared, never kept.
 */
export function viewedBusiness(request: Request): number | undefined {
  if (request.method !== "GET" || !byPerson(request)) return undefined;
  const businessId = businessOfPage(new URL(request.url).pathname);
  if (businessId === undefined) return undefined;
  const referrer = URL.parse(request.headers.get("referer") ?? "");
  const fromItself =
    referrer !== null &&
    referrer.origin === new URL(request.url).origin &&
    businessOfPage(referrer.pathname) === businessId;
  return fromItself ? undefined : businessId;
}

/**
 * Counts business page views where every request passes, before the visitors' page cache (which
 * answers most visitors without running the page's loader), and without slowing the answer: the
 * count goes into `counter`'s memory.
 */
export function countBusinessViews(counter: StatCounter): MiddlewareHandler {
  return async (c, next) => {
    const businessId = viewedBusiness(c.req.raw);
    await next();
    if (businessId !== undefined && c.res.status === 200) counter.count(businessId, "pageViews");
  };
}

/**
 * Where a listing's link goes: only its own website (http or https), its own phone number or the
 * map of its own place; a listing without one, hidden, or not there is `not_found`.
 */
export async function statTargetHref(
  db: Db | Tx,
  businessId: number,
  target: StatTarget,
): Promise<string> {
  const [row] = await db
    .select({
      website: business.website,
      phone: business.phone,
      latitude: business.latitude,
      longitude: business.longitude,
    })
    .from(business)
    .where(and(eq(business.id, businessId), isNull(business.hiddenAt)));
  if (!row) throw new AppError("not_found");
  if (target === "directions") return directionsHref(row.latitude, row.longitude);
  if (target === "phone" && row.phone) return `tel:${row.phone}`;
  const website = target === "website" ? URL.parse(row.website ?? "") : null;
  if (website && (website.protocol === "https:" || website.protocol === "http:"))
    return website.href;
  throw new AppError("not_found");
}

/** The last weeks' figures of a listing, weeks starting on Monday in its own time zone. */
export async function weeklyStats(
  db: Db | Tx,
  businessId: number,
  now = new Date(),
): Promise<StatWeek[]> {
  const [place] = await db
    .select({ province: business.province })
    .from(business)
    .where(eq(business.id, businessId));
  if (!place) throw new AppError("not_found");
  const today = dayIn(provinceTimeZone(place.province), now);
  const rows = await db
    .select()
    .from(businessDailyStat)
    .where(
      and(
        eq(businessDailyStat.businessId, businessId),
        gte(businessDailyStat.day, firstStatDay(today)),
      ),
    );
  return weeklyTotals(rows, today);
}

/** Deletes the daily rows older than STAT_RETENTION_DAYS; returns how many. */
export async function sweepOldStats(db: Db | Tx, now = new Date()): Promise<number> {
  const oldest = addDays(now.toISOString().slice(0, 10), -STAT_RETENTION_DAYS);
  const removed = await db.delete(businessDailyStat).where(lt(businessDailyStat.day, oldest));
  return removed.rowCount ?? 0;
}
