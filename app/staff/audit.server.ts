import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { auditEvent } from "../db/schema/platform.ts";
import {
  CURSOR_TIME,
  cursorCodec,
  firstValue,
  pageCursor,
  pageOf,
  queryText,
} from "../platform/query.ts";

/** Where a page of the trail stopped: its last row's time (to the microsecond) and id. */
type AuditCursor = { at: string; id: number };

const auditCursor = cursorCodec<AuditCursor>(
  [CURSOR_TIME, String.raw`[1-9]\d{0,17}`],
  (cursor) => [cursor.at, cursor.id],
  ([at, id]) => ({ at: at as string, id: Number(id) }),
);

const day = z.preprocess(
  (value) => (firstValue(value) === "" ? undefined : firstValue(value)),
  z.iso.date("staff.audit.dateInvalid").optional(),
);
const text = (max: number) => queryText(max, "staff.audit.tooLong");

/** The audit page's address: its filters (each optional) and where the page starts. */
export const auditQuerySchema = z.object({
  actor: text(64),
  action: text(64),
  targetKind: text(40),
  targetId: text(64),
  from: day,
  to: day,
  cursor: pageCursor(auditCursor.decode, "staff.audit.cursorInvalid"),
});

export type AuditFilter = Omit<z.infer<typeof auditQuerySchema>, "cursor">;

/** "2026-11-27" and the next day, as the UTC day's bounds. */
const startOf = (date: string) => sql`${date}::date::timestamp at time zone 'UTC'`;
const endOf = (date: string) => sql`(${date}::date + 1)::timestamp at time zone 'UTC'`;

/**
 * A page of the audit trail, newest first, filtered by member, action, target and UTC days. Each
 * filter has its index (actor, action, target, each with the time; the time alone otherwise), so
 * a filtered page reads only its rows at any depth of the trail.
 */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  { cursor, limit }: { cursor?: AuditCursor; limit: number },
) {
  const rows = await auditQuery(db, filter, { cursor, limit: limit + 1 });
  const { items, next } = pageOf(rows, limit, (last) =>
    auditCursor.encode({ at: last.at, id: last.id }),
  );
  return {
    rows: items.map((row) => ({ ...row, change: compactChange(row.before, row.after) })),
    next,
  };
}

/** The statement of a page of the trail (its plan is checked in audit.server.test.ts). */
export function auditQuery(
  db: Db,
  filter: AuditFilter,
  { cursor, limit }: { cursor?: AuditCursor; limit: number },
) {
  const where: (SQL | undefined)[] = [
    filter.actor ? eq(auditEvent.actorId, filter.actor) : undefined,
    filter.action ? eq(auditEvent.action, filter.action) : undefined,
    filter.targetKind ? eq(auditEvent.targetKind, filter.targetKind) : undefined,
    filter.targetId ? eq(auditEvent.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditEvent.at, startOf(filter.from)) : undefined,
    filter.to ? lt(auditEvent.at, endOf(filter.to)) : undefined,
    cursor
      ? sql`(${auditEvent.at}, ${auditEvent.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined,
  ];
  return db
    .select({
      id: auditEvent.id,
      // The cursor needs the microseconds a Date would lose.
      at: sql<string>`to_char(${auditEvent.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorId: auditEvent.actorId,
      actorName: user.name,
      actorRole: auditEvent.actorRole,
      action: auditEvent.action,
      targetKind: auditEvent.targetKind,
      targetId: auditEvent.targetId,
      before: auditEvent.before,
      after: auditEvent.after,
      reason: auditEvent.reason,
      clientAddress: auditEvent.clientAddress,
    })
    .from(auditEvent)
    .leftJoin(user, eq(user.id, auditEvent.actorId))
    .where(and(...where))
    .orderBy(desc(auditEvent.at), desc(auditEvent.id))
    .limit(limit);
}

/** One change of an audited action: a field (null for the whole state) from one value to another. */
type Change = { field: string | null; before: string; after: string };

/**
 * Before → after in short: only the fields that changed (role: player → admin), or the whole of
 * either side when they are not both objects.
 */
export function compactChange(before: unknown, after: unknown): Change[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => ({ field: key, before: plain(before[key]), after: plain(after[key]) }));
  }
  if (before == null && after == null) return [];
  return [{ field: null, before: plain(before ?? undefined), after: plain(after ?? undefined) }];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A field's value as people read it: text without quotes, anything else as JSON. */
const plain = (value: unknown) =>
  value === undefined ? "–" : typeof value === "string" ? value : JSON.stringify(value);
