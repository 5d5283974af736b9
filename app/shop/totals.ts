import type { Province } from "../platform/provinces.ts";
import { salesTax, type TaxClass, type TaxLine } from "./tax.ts";

/** The most of one item a cart holds (and the least is 1). */
export const MAX_QUANTITY = 10;

/** What a buyer pays for one item: the sale price while it is on sale, else the original price. */
export function unitPrice(item: {
  originalPriceCents: number;
  salePriceCents: number;
  onSale: boolean;
}): number {
  return item.onSale ? item.salePriceCents : item.originalPriceCents;
}

export type Totals = {
  /** Items in the cart, counting quantities. */
  count: number;
  subtotalCents: number;
  /** Empty until the province is known. */
  taxes: TaxLine[];
  taxCents: number;
  totalCents: number;
};

/**
 * A cart's totals in cents: the subtotal of price × quantity, each tax component on the lines of
 * the classes it applies to (only taxable ones: zero-rated groceries bear none) rounded half up on
 * its own, and their sum. No tax before the province is chosen.
 */
export function cartTotals(
  lines: readonly { unitPriceCents: number; quantity: number; taxClass: TaxClass }[],
  province: Province | null,
): Totals {
  const amount = (sum: number, line: (typeof lines)[number]) =>
    sum + line.unitPriceCents * line.quantity;
  const subtotalCents = lines.reduce(amount, 0);
  const taxableCents = lines.filter((line) => line.taxClass === "taxable").reduce(amount, 0);
  const taxes = province ? salesTax(taxableCents, province) : [];
  const taxCents = taxes.reduce((sum, tax) => sum + tax.cents, 0);
  return {
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    taxes,
    taxCents,
    totalCents: subtotalCents + taxCents,
  };
}
