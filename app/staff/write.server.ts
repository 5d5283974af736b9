import type { Db, Tx } from "../db/client.server.ts";
import { type AuditedChange, auditedWrite } from "../platform/audit.server.ts";
import { type StaffActor, staffRoleOf } from "./access.server.ts";
import type { StaffRole } from "./roles.ts";

/** What a console action did: its audit rows (one or more) and what the page shows next. */
export type StaffChange<T> = AuditedChange<T>;

/**
 * Every console write goes through here: the member must still hold the role, and the action (an
 * area's service, whose conditional UPDATE answers 409 when someone acted first) leaves its audit
 * rows in the same transaction (`auditedWrite`).
 */
export function staffWrite<T>(
  db: Db,
  staff: StaffActor,
  needed: StaffRole,
  action: (tx: Tx) => Promise<StaffChange<T>>,
): Promise<T> {
  return auditedWrite(db, staff, (tx) => staffRoleOf(tx, staff.id, needed, { lock: true }), action);
}
