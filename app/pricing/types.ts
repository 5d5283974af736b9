import { z } from "zod";
import { allItems, localizedList, localizedText } from "../platform/wire.ts";

/** A plan as the page and GET /api/pricing show it. */
export const planSchema = z.object({
  id: z.int(),
  slug: z.string().meta({ example: "business" }),
  name: localizedText,
  summary: localizedText,
  features: localizedList,
  monthlyPriceCents: z
    .int()
    .min(0)
    .meta({ description: "The full price per month, in cents CAD, taxes extra" }),
  annualPriceCents: z
    .int()
    .min(0)
    .meta({ description: "The full price per year, in cents CAD, taxes extra" }),
  annualSavingsCents: z
    .int()
    .min(0)
    .meta({ description: "Twelve monthly payments less the annual price" }),
  recommended: z.boolean().meta({ description: "True for exactly one plan" }),
});
export type Plan = z.output<typeof planSchema>;

export const planListSchema = allItems(planSchema);

/** A listing a plan request may claim, as the form shows it. */
export type ClaimedBusiness = { id: number; name: string; city: string; province: string };
