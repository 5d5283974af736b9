import type { Province } from "../platform/provinces.ts";

/**
 * How a product is taxed: most are taxable; basic groceries (maple syrup, jam, tea, coffee beans…)
 * are zero-rated for GST/HST and QST, and outside the provincial sales taxes too, so no component
 * applies to their lines.
 */
export const TAX_CLASSES = ["taxable", "zero-rated"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

export const TAX_KINDS = ["GST", "PST", "RST", "QST", "HST"] as const;
type TaxKind = (typeof TAX_KINDS)[number];

/** A sales-tax component: its kind and its rate in parts per 100,000 (9.975% is 9975). */
export type TaxComponent = { kind: TaxKind; rate: number };

/** A component as charged on an amount, in cents. */
export type TaxLine = TaxComponent & { cents: number };

const GST: TaxComponent = { kind: "GST", rate: 5000 };
const hst = (rate: number): TaxComponent[] => [{ kind: "HST", rate }];

/**
 * Sales tax by the buyer's province or territory, as of 2026 (DESIGN.md): GST alone in the
 * territories and Alberta, GST with the provincial tax in British Columbia, Manitoba, Saskatchewan
 * and Quebec, and the harmonized tax elsewhere (Nova Scotia's 14% since 1 April 2025).
 */
export const SALES_TAX: Record<Province, TaxComponent[]> = {
  AB: [GST],
  NT: [GST],
  NU: [GST],
  YT: [GST],
  BC: [GST, { kind: "PST", rate: 7000 }],
  MB: [GST, { kind: "RST", rate: 7000 }],
  SK: [GST, { kind: "PST", rate: 6000 }],
  QC: [GST, { kind: "QST", rate: 9975 }],
  ON: hst(13_000),
  NS: hst(14_000),
  NB: hst(15_000),
  NL: hst(15_000),
  PE: hst(15_000),
};

/** One component on an amount in cents, rounded half up to the cent. */
export function taxOn(amountCents: number, rate: number): number {
  return Math.floor((amountCents * rate + 50_000) / 100_000);
}

/** Each component of the province's sales tax on a subtotal, computed and rounded separately. */
export function salesTax(subtotalCents: number, province: Province): TaxLine[] {
  return SALES_TAX[province].map((component) => ({
    ...component,
    cents: taxOn(subtotalCents, component.rate),
  }));
}

/** A rate as a fraction, for Intl's percent style (9975 → 0.09975). */
export const rateFraction = (rate: number) => rate / 100_000;
