import { asc } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { pricingPlan } from "../db/schema/pricing.ts";
import { annualSavings } from "./billing.ts";
import type { Plan } from "./types.ts";

/** Every plan, in the page's order. */
export async function listPlans(db: Db | Tx): Promise<Plan[]> {
  const rows = await db
    .select({
      id: pricingPlan.id,
      slug: pricingPlan.slug,
      name: pricingPlan.name,
      summary: pricingPlan.summary,
      features: pricingPlan.features,
      monthlyPriceCents: pricingPlan.monthlyPriceCents,
      annualPriceCents: pricingPlan.annualPriceCents,
      recommended: pricingPlan.recommended,
    })
    .from(pricingPlan)
    .orderBy(asc(pricingPlan.position));
  return rows.map((row) => ({ ...row, annualSavingsCents: annualSavings(row) }));
}
