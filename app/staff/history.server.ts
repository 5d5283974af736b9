import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { auditEvent } from "../db/schema/platform.ts";
import type { AuditTarget } from "../platform/audit.server.ts";

/**
 * What staff did to one row, oldest first, with who did it (from the audit trail, by
 * audit_event_target_idx): the console's history of an order, a report, a request.
 */
export async function targetHistory(db: Db, target: AuditTarget) {
  const rows = await db
    .select({
      id: auditEvent.id,
      action: auditEvent.action,
      name: sql<string>`coalesce(${user.name}, ${auditEvent.actorId})`,
      at: auditEvent.at,
      after: auditEvent.after,
      reason: auditEvent.reason,
    })
    .from(auditEvent)
    .leftJoin(user, eq(user.id, auditEvent.actorId))
    .where(and(eq(auditEvent.targetKind, target.kind), eq(auditEvent.targetId, String(target.id))))
    .orderBy(asc(auditEvent.at), asc(auditEvent.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
