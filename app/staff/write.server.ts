import type { Db, Tx } from "../db/client.server.ts";
import { type AuditEntry, recordAudit } from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import { type StaffActor, staffRoleOf } from "./access.server.ts";
import type { StaffRole } from "./roles.ts";

/** What a console action did: its audit rows (one or more) and what the page shows next. */
export type StaffChange<T> = { audit: AuditEntry | AuditEntry[]; result: T };

/**
 * Every console write goes through here: one transaction that checks the member still holds the
 * role (locking their row), runs the action (an area's service, whose conditional UPDATE answers
 * 409 when someone acted first) and writes its audit rows. A failing action leaves no audit row.
 */
export async function staffWrite<T>(
  db: Db,
  staff: StaffActor,
  needed: StaffRole,
  action: (tx: Tx) => Promise<StaffChange<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await staffRoleOf(tx, staff.id, needed, { lock: true }))) throw new AppError("not_found");
    const { audit, result } = await action(tx);
    for (const entry of [audit].flat()) await recordAudit(tx, staff, entry);
    return result;
  });
}
