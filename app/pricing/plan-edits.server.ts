import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { pricingPlan } from "../db/schema/pricing.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { auditChanges } from "../platform/audit-diff.ts";
import { AppError } from "../platform/errors.ts";
import type { PlanForm } from "./plan-form.ts";

const columns = {
  id: pricingPlan.id,
  version: pricingPlan.version,
  name: pricingPlan.name,
  summary: pricingPlan.summary,
  features: pricingPlan.features,
  monthlyPriceCents: pricingPlan.monthlyPriceCents,
  annualPriceCents: pricingPlan.annualPriceCents,
  recommended: pricingPlan.recommended,
};

/** Every plan as the console edits it, in the page's order. */
export function staffPlans(db: Db) {
  return db.select(columns).from(pricingPlan).orderBy(asc(pricingPlan.position));
}

export type StaffPlan = Awaited<ReturnType<typeof staffPlans>>[number];

export async function staffPlan(db: Db | Tx, id: number): Promise<StaffPlan> {
  const [row] = await db.select(columns).from(pricingPlan).where(eq(pricingPlan.id, id));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * Saves the plan form in the caller's staff transaction: a conditional UPDATE on the version the
 * form was opened with (else the 409 naming who saved first). Making a plan the recommended one
 * first takes the mark from the other (only one is, by the table's unique index).
 */
export async function savePlan(
  tx: Tx,
  id: number,
  form: PlanForm,
): Promise<{ audit: AuditEntry; result: StaffPlan }> {
  const before = await staffPlan(tx, id);
  if (form.recommended && !before.recommended)
    await tx
      .update(pricingPlan)
      .set({ recommended: false })
      .where(and(ne(pricingPlan.id, id), eq(pricingPlan.recommended, true)));
  const [after] = await tx
    .update(pricingPlan)
    .set({
      name: { "en-CA": form["name_en-CA"], "fr-CA": form["name_fr-CA"] },
      summary: { "en-CA": form["summary_en-CA"], "fr-CA": form["summary_fr-CA"] },
      features: { "en-CA": form["features_en-CA"], "fr-CA": form["features_fr-CA"] },
      monthlyPriceCents: form.monthly,
      annualPriceCents: form.annual,
      recommended: form.recommended,
      version: sql`${pricingPlan.version} + 1`,
    })
    .where(and(eq(pricingPlan.id, id), eq(pricingPlan.version, form.version)))
    .returning(columns);
  if (!after) throw await actedFirst(tx, { kind: "plan", id });
  const { id: _id, version: _before, ...fieldsBefore } = before;
  const { id: _same, version: _after, ...fieldsAfter } = after;
  return {
    audit: {
      action: "plan.update",
      target: { kind: "plan", id },
      ...auditChanges(fieldsBefore, fieldsAfter),
    },
    result: after,
  };
}
