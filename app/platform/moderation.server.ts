import { inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { QueryResult } from "pg";
import type { Db, Tx } from "../db/client.server.ts";
import { openReportTally } from "../db/schema/platform.ts";
import { sqlStatement, statementCache } from "../db/statements.server.ts";
import { actedFirst } from "./audit.server.ts";
import { AppError } from "./errors.ts";
import { type HideReason, MODERATION_MOVES, type ModerationState } from "./moderation.ts";
import { canMove } from "./state-machine.ts";

/**
 * A kind of item people can report and moderators hide: its table with the hidden columns, and
 * its reports' table with the column that points at it. Directory and jobs each describe theirs;
 * the moves below are the same for all.
 */
export type ModeratedKind = {
  /** The audit target's kind: review, question, answer, business, job. */
  kind: string;
  item: PgTable;
  id: AnyPgColumn;
  hiddenAt: AnyPgColumn;
  hiddenReason: AnyPgColumn;
  hiddenNote: AnyPgColumn;
  reports: PgTable;
  reportId: AnyPgColumn;
  /** The report's column naming the item (the kind's own, in a table shared by several kinds). */
  reportItem: AnyPgColumn;
  reportedAt: AnyPgColumn;
  reportReason: AnyPgColumn;
  reportDetails: AnyPgColumn;
  /** The reporting player, or null for a visitor. */
  reportUser: AnyPgColumn;
  resolvedAt: AnyPgColumn;
  resolution: AnyPgColumn;
};

/** What a moderator asks for: hide with a reason (and a note for "other"), restore, dismiss. */
export type ModerationMove =
  | { to: "hidden"; reason: HideReason; note: string | null }
  | { to: "restored" }
  | { to: "dismissed" };

/** An item's state as the audit trail records it, before and after a move. */
type ModerationSnapshot = {
  state: ModerationState;
  reason: HideReason | null;
  note: string | null;
  openReports: number;
};

/**
 * The item's state read in the caller's transaction, with `lock` holding its row until the end,
 * so a move and a concurrent one on the same item run one after the other; null when there is no
 * such item. Open while it has open reports, hidden while hidden; otherwise "restored" if it was
 * ever hidden for a report, else "dismissed".
 */
export async function moderationState(
  db: Db | Tx,
  kind: ModeratedKind,
  id: number,
  { lock = false } = {},
): Promise<ModerationSnapshot | null> {
  const rows = await db.execute<{
    hidden_at: Date | null;
    reason: HideReason | null;
    note: string | null;
    open_reports: number;
    ever_hidden: boolean;
  }>(sql`
    select ${kind.hiddenAt} as hidden_at, ${kind.hiddenReason} as reason,
      ${kind.hiddenNote} as note,
      (select count(*)::integer from ${kind.reports}
        where ${kind.reportItem} = ${id} and ${kind.resolvedAt} is null) as open_reports,
      exists (select from ${kind.reports}
        where ${kind.reportItem} = ${id} and ${kind.resolution} = 'hidden') as ever_hidden
    from ${kind.item} where ${kind.id} = ${id}
    ${lock ? sql`for update of ${kind.item}` : sql``}`);
  const [row] = rows.rows;
  if (!row) return null;
  const state: ModerationState = row.hidden_at
    ? "hidden"
    : row.open_reports > 0
      ? "open"
      : row.ever_hidden
        ? "restored"
        : "dismissed";
  return { state, reason: row.reason, note: row.note, openReports: row.open_reports };
}

/**
 * Makes one move in the caller's transaction (a staff write's): locks the item, checks the move
 * against MODERATION_MOVES from the state it is in now, and makes it with UPDATEs conditional on
 * that state. A move the item's state does not allow is the 409 naming whoever acted on it last
 * (two moderators on the same report: the second learns who was first), or `conflict`.
 */
export async function moveModeratedItem(
  tx: Tx,
  kind: ModeratedKind,
  id: number,
  move: ModerationMove,
): Promise<{ before: ModerationSnapshot; after: ModerationSnapshot }> {
  const before = await moderationState(tx, kind, id, { lock: true });
  if (!before) throw new AppError("not_found");
  const target = { kind: kind.kind, id };
  if (!canMove(MODERATION_MOVES, before.state, move.to)) throw await actedFirst(tx, target);
  const resolve = (resolution: "hidden" | "dismissed"): SQL =>
    sql`update ${kind.reports} set resolved_at = now(), resolution = ${resolution}
      where ${kind.reportItem} = ${id} and ${kind.resolvedAt} is null`;
  if (move.to === "hidden") {
    const hidden = await tx.execute(sql`
      update ${kind.item} set hidden_at = now(), hidden_reason = ${move.reason},
        hidden_note = ${move.note}
      where ${kind.id} = ${id} and ${kind.hiddenAt} is null`);
    if (hidden.rowCount !== 1) throw await actedFirst(tx, target);
    await tx.execute(resolve("hidden"));
    return {
      before,
      after: { state: "hidden", reason: move.reason, note: move.note, openReports: 0 },
    };
  }
  if (move.to === "restored") {
    const restored = await tx.execute(sql`
      update ${kind.item} set hidden_at = null, hidden_reason = null, hidden_note = null
      where ${kind.id} = ${id} and ${kind.hiddenAt} is not null`);
    if (restored.rowCount !== 1) throw await actedFirst(tx, target);
    return { before, after: { state: "restored", reason: null, note: null, openReports: 0 } };
  }
  const dismissed = await tx.execute(resolve("dismissed"));
  if (!dismissed.rowCount) throw await actedFirst(tx, target);
  return { before, after: { state: "dismissed", reason: null, note: null, openReports: 0 } };
}

/** A column's name in the database: the schema's names are camelCase, written snake_case. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * An item waiting on a moderator: since its oldest open report, with how many are open and their
 * reasons, most given first.
 */
export type ReportedItem = {
  itemId: number;
  since: Date;
  reportId: number;
  count: number;
  reasons: string[];
};

type WalkRow = {
  walk: number;
  item_id: number;
  since: string;
  report_id: number;
  open: number;
  reasons: string[];
};

/** Where a kind's walk starts: at the start, after a time, or after a time and a report. */
type WalkStart = { at: Date; reportId: number | null } | null;

/**
 * Strictly after a position: its time as a JavaScript Date carries it (to the millisecond), then
 * the report's id; a null id passes only later times. The first condition is the index's range.
 * The values are the statement's placeholders `at<walk>` and `report<walk>`.
 */
function afterPosition(kind: ModeratedKind, walk: number, after: NonNullable<WalkStart>): SQL {
  const at = sql`${sql.placeholder(`at${walk}`)}::timestamptz`;
  const ms = sql`date_trunc('milliseconds', ${kind.reportedAt})`;
  return after.reportId === null
    ? sql`and ${kind.reportedAt} >= ${at} and ${ms} > ${at}`
    : sql`and ${kind.reportedAt} >= ${at}
        and (${ms}, ${kind.reportId}) > (${at}, ${sql.placeholder(`report${walk}`)}::integer)`;
}

/**
 * The walks' statement for each shape (which kinds, and where each starts: at the start, after a
 * time, after a report), built once and planned once per connection: planning the three walks
 * cost PostgreSQL 0.7 ms on every queue page, three times what running them does.
 */
const walkStatements = statementCache<QueryResult<WalkRow>>("open_reported_items");

const walkShape = (after: WalkStart) =>
  !after ? "start" : after.reportId === null ? "at" : "report";

/**
 * Up to `limit` items with open reports of each of these kinds, by their oldest open report,
 * strictly after the kind's `after` (that report's time and id), with each item's open reports
 * counted from the kept tallies, in one statement: for each kind a walk of its open reports'
 * partial index, oldest first, keeping each item's first. The items come back by kind, in the
 * order of `kinds`.
 */
export async function openReportedItems(
  db: Db | Tx,
  kinds: readonly { kind: ModeratedKind; after: WalkStart }[],
  limit: number,
): Promise<ReportedItem[][]> {
  if (!Number.isInteger(limit)) throw new Error(`A walk's limit is a whole number, not ${limit}`);
  // The limit is written into the text: planned for an unknown limit, the walks read every open
  // report (50 ms at 100,000). Callers use one or two limits.
  const shape = `${limit} ${kinds.map(({ kind, after }) => `${kind.kind}:${walkShape(after)}`).join(",")}`;
  const walk = ({ kind, after }: (typeof kinds)[number], index: number) => sql`(
    select first.*, tally.open, tally.reasons
    from (
      select ${sql.raw(String(index))}::integer as walk, ${kind.reportItem} as item_id,
        ${kind.reportedAt} as since, ${kind.reportId} as report_id
      from ${kind.reports}
      where ${kind.resolvedAt} is null and ${kind.reportItem} is not null
        ${after ? afterPosition(kind, index, after) : sql``}
        and not exists (
          select from ${kind.reports} as earlier
          where earlier.${sql.identifier(snakeCase(kind.reportItem.name))} = ${kind.reportItem}
            and earlier.resolved_at is null
            and (earlier.created_at, earlier.id) < (${kind.reportedAt}, ${kind.reportId}))
      order by ${kind.reportedAt}, ${kind.reportId}
      limit ${sql.raw(String(limit))}) as first
    cross join lateral (
      select sum(${openReportTally.open})::integer as open,
        array_agg(${openReportTally.reason} order by ${openReportTally.open} desc,
          ${openReportTally.reason}) as reasons
      from ${openReportTally}
      where ${openReportTally.kind} = ${kind.kind}
        and ${openReportTally.itemId} = first.item_id) as tally)`;
  const statement = walkStatements(
    db,
    shape,
    (handle) => sqlStatement<WalkRow>(sql.join(kinds.map(walk), sql` union all `))(handle),
    { samePlanForAnyValues: true },
  );
  const values: Record<string, unknown> = {};
  kinds.forEach(({ after }, walk) => {
    if (!after) return;
    values[`at${walk}`] = after.at.toISOString();
    if (after.reportId !== null) values[`report${walk}`] = after.reportId;
  });
  const { rows } = await statement.execute(values);
  const found = kinds.map((): ReportedItem[] => []);
  for (const row of rows) {
    found[row.walk]?.push({
      itemId: row.item_id,
      since: new Date(row.since),
      reportId: row.report_id,
      count: row.open ?? 0,
      reasons: row.reasons ?? [],
    });
  }
  return found;
}

/**
 * How many items of these kinds have open reports, as a scalar subquery: the distinct items of their kept tallies
 * (`open_report_tally`, kept by triggers on the reports' tables, migration 0052), a few rows a
 * waiting item, so it costs what waits on moderators, not how many reports they hold (a skip
 * through 100,000 open reports' index took 2–3 ms, `count(distinct)` 30–40).
 */
export function openReportedItemsCount(kinds: readonly ModeratedKind[]): SQL<number> {
  // Grouped, not `count(distinct (kind, item))`: that sorts the rows as records, 2.6 ms for 1,520.
  return sql<number>`(select count(*)::integer from (
    select from ${openReportTally}
    where ${inArray(
      openReportTally.kind,
      kinds.map((kind) => kind.kind),
    )}
    group by ${openReportTally.kind}, ${openReportTally.itemId}) as items)`;
}

/** One report as the console shows it: never who reported beyond a player's id (for a handle). */
export type ReportRow = {
  id: number;
  reason: string;
  details: string;
  at: Date;
  userId: string | null;
  resolution: "hidden" | "dismissed" | null;
};

/** Every report of an item, oldest first. */
export async function reportsOf(
  db: Db | Tx,
  kind: ModeratedKind,
  itemId: number,
): Promise<ReportRow[]> {
  const rows = await db.execute<{
    id: number;
    reason: string;
    details: string;
    at: string;
    user_id: string | null;
    resolution: "hidden" | "dismissed" | null;
  }>(sql`
    select ${kind.reportId} as id, ${kind.reportReason} as reason,
      ${kind.reportDetails} as details, ${kind.reportedAt} as at, ${kind.reportUser} as user_id,
      ${kind.resolution} as resolution
    from ${kind.reports} where ${kind.reportItem} = ${itemId}
    order by ${kind.reportedAt}, ${kind.reportId}`);
  return rows.rows.map((row) => ({
    id: row.id,
    reason: row.reason,
    details: row.details,
    at: new Date(row.at),
    userId: row.user_id,
    resolution: row.resolution,
  }));
}

/** A hidden item, most recently hidden first (for restoring). */
export type HiddenItem = { itemId: number; hiddenAt: Date; reason: HideReason };

/**
 * Up to `limit` hidden items of the kind, most recently hidden first, strictly before `before`
 * (to the millisecond, then by id; a null id passes only earlier times), from the partial index
 * of hidden rows.
 */
export async function hiddenItems(
  db: Db | Tx,
  kind: ModeratedKind,
  before: { at: Date; itemId: number | null } | null,
  limit: number,
): Promise<HiddenItem[]> {
  const at = before && sql`${before.at.toISOString()}::timestamptz`;
  const ms = sql`date_trunc('milliseconds', ${kind.hiddenAt})`;
  const earlier = !before
    ? sql``
    : before.itemId === null
      ? sql`and ${kind.hiddenAt} < ${at} + interval '1 millisecond' and ${ms} < ${at}`
      : sql`and ${kind.hiddenAt} < ${at} + interval '1 millisecond' and (${ms}, ${kind.id}) < (${at}, ${before.itemId})`;
  const rows = await db.execute<{ item_id: number; hidden_at: string; reason: HideReason }>(sql`
    select ${kind.id} as item_id, ${kind.hiddenAt} as hidden_at, ${kind.hiddenReason} as reason
    from ${kind.item}
    where ${kind.hiddenAt} is not null
      ${earlier}
    order by ${kind.hiddenAt} desc, ${kind.id} desc
    limit ${limit}`);
  return rows.rows.map((row) => ({
    itemId: row.item_id,
    hiddenAt: new Date(row.hidden_at),
    reason: row.reason,
  }));
}
