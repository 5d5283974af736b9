/** How a plan is paid: each month, or once a year (for less). Monthly is the default. */
export const BILLINGS = ["monthly", "annual"] as const;

export type Billing = (typeof BILLINGS)[number];

export function billingOf(value: unknown): Billing {
  return value === "annual" ? "annual" : "monthly";
}

type Prices = { monthlyPriceCents: number; annualPriceCents: number };

/** The full price for the period, in cents, taxes extra. */
export function priceFor(plan: Prices, billing: Billing): number {
  return billing === "annual" ? plan.annualPriceCents : plan.monthlyPriceCents;
}

/** What paying yearly saves over twelve monthly payments, in cents (never below 0). */
export function annualSavings(plan: Prices): number {
  return Math.max(0, plan.monthlyPriceCents * 12 - plan.annualPriceCents);
}
