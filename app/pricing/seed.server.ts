import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/client.server.ts";
import { pricingPlan } from "../db/schema/pricing.ts";
import { type PlanSeed, planFileSchema } from "./content.ts";

export async function readPricingContent(contentDir: string): Promise<PlanSeed[]> {
  const file = path.join(contentDir, "pricing", "plans.json");
  const parsed = planFileSchema.safeParse(JSON.parse(await fs.readFile(file, "utf8")));
  if (!parsed.success) {
    throw new Error(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
    );
  }
  return parsed.data.plans;
}

/** Adds the plans not there yet (by slug), in the file's order; plans present are left alone. */
export async function seedPlans(db: Database, plans: PlanSeed[]): Promise<number> {
  const added = await db
    .insert(pricingPlan)
    .values(plans.map((plan, index) => ({ ...plan, position: index + 1 })))
    .onConflictDoNothing()
    .returning({ id: pricingPlan.id });
  return added.length;
}
