import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { redeemGoal } from "../db/schema/players.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { auditChanges } from "../platform/audit-diff.ts";
import { AppError } from "../platform/errors.ts";
import type { GoalForm } from "./goal-form.ts";

const columns = {
  id: redeemGoal.id,
  version: redeemGoal.version,
  name: redeemGoal.name,
  image: redeemGoal.image,
  cost: redeemGoal.cost,
};

/** Every reward goal as the console edits it, cheapest first as /redeem shows them. */
export function staffGoals(db: Db) {
  return db.select(columns).from(redeemGoal).orderBy(asc(redeemGoal.cost), asc(redeemGoal.id));
}

export type StaffGoal = Awaited<ReturnType<typeof staffGoals>>[number];

export async function staffGoal(db: Db | Tx, id: number): Promise<StaffGoal> {
  const [row] = await db.select(columns).from(redeemGoal).where(eq(redeemGoal.id, id));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * Saves the goal form in the caller's staff transaction, on the version it was opened with (else
 * the 409 naming who saved first). A new cost applies to requests from now on: a request already
 * made keeps the points it took. `newPicture` is already cleaned and stored.
 */
export async function saveGoal(
  tx: Tx,
  id: number,
  form: GoalForm,
  newPicture: string | undefined,
): Promise<{ audit: AuditEntry; result: StaffGoal }> {
  const before = await staffGoal(tx, id);
  const [after] = await tx
    .update(redeemGoal)
    .set({
      name: { "en-CA": form["name_en-CA"], "fr-CA": form["name_fr-CA"] },
      cost: form.cost,
      ...(newPicture ? { image: newPicture } : {}),
      version: sql`${redeemGoal.version} + 1`,
    })
    .where(and(eq(redeemGoal.id, id), eq(redeemGoal.version, form.version)))
    .returning(columns);
  if (!after) throw await actedFirst(tx, { kind: "goal", id });
  const { id: _id, version: _before, ...fieldsBefore } = before;
  const { id: _same, version: _after, ...fieldsAfter } = after;
  return {
    audit: {
      action: "goal.update",
      target: { kind: "goal", id },
      ...auditChanges(fieldsBefore, fieldsAfter),
    },
    result: after,
  };
}
