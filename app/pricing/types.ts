import type { LocalizedList } from "../db/schema/pricing.ts";
import type { LocalizedText } from "../i18n/locale.ts";

export type Plan = {
  id: number;
  slug: string;
  name: LocalizedText;
  summary: LocalizedText;
  features: LocalizedList;
  monthlyPriceCents: number;
  annualPriceCents: number;
  /** Twelve monthly payments less the annual price. */
  annualSavingsCents: number;
  recommended: boolean;
};

/** A listing a plan request may claim, as the form shows it. */
export type ClaimedBusiness = { id: number; name: string; city: string; province: string };
