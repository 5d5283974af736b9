import { z } from "zod";

const localized = z.object({ "en-CA": z.string().min(1), "fr-CA": z.string().min(1) });
const list = z.object({
  "en-CA": z.array(z.string().min(1)).min(1),
  "fr-CA": z.array(z.string().min(1)).min(1),
});

const planSeedSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: localized,
  summary: localized,
  features: list,
  monthlyPriceCents: z.number().int().min(0),
  annualPriceCents: z.number().int().min(0),
  recommended: z.boolean(),
});

/** `content/pricing/plans.json`: the plans in the order the page shows them, one recommended. */
export const planFileSchema = z.strictObject({
  plans: z
    .array(planSeedSchema)
    .min(1)
    .refine(
      (plans) => plans.filter((plan) => plan.recommended).length === 1,
      "one recommended plan",
    ),
});

export type PlanSeed = z.infer<typeof planSeedSchema>;
