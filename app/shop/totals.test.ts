import { describe, expect, test } from "vitest";
import { PROVINCES } from "../platform/provinces.ts";
import { cartTotals, unitPrice } from "./totals.ts";

test("the sale price is charged only while the item is on sale", () => {
  expect(unitPrice({ originalPriceCents: 2000, salePriceCents: 1500, onSale: true })).toBe(1500);
  expect(unitPrice({ originalPriceCents: 2000, salePriceCents: 1500, onSale: false })).toBe(2000);
});

test("totals in cents: subtotal of price × quantity, tax on the subtotal, total", () => {
  const lines = [
    { unitPriceCents: 1299, quantity: 2, taxClass: "taxable" },
    { unitPriceCents: 1850, quantity: 1, taxClass: "taxable" },
    { unitPriceCents: 5, quantity: 3, taxClass: "taxable" },
  ] as const;
  expect(cartTotals(lines, "QC")).toEqual({
    count: 6,
    subtotalCents: 4463,
    taxes: [
      { kind: "GST", rate: 5000, cents: 223 },
      { kind: "QST", rate: 9975, cents: 445 },
    ],
    taxCents: 668,
    totalCents: 5131,
  });
});

test("without a province there is no tax yet, and the total is the subtotal", () => {
  expect(cartTotals([{ unitPriceCents: 1000, quantity: 2, taxClass: "taxable" }], null)).toEqual({
    count: 2,
    subtotalCents: 2000,
    taxes: [],
    taxCents: 0,
    totalCents: 2000,
  });
});

test("an empty cart costs nothing", () => {
  expect(cartTotals([], "ON")).toMatchObject({ count: 0, subtotalCents: 0, totalCents: 0 });
});

test("amounts are whole cents, never fractions of one", () => {
  for (let price = 1; price < 400; price += 7) {
    const totals = cartTotals([{ unitPriceCents: price, quantity: 3, taxClass: "taxable" }], "QC");
    for (const value of [totals.subtotalCents, totals.taxCents, totals.totalCents])
      expect(Number.isInteger(value)).toBe(true);
  }
});

describe("a mixed cart: zero-rated groceries bear no component, taxable items every one", () => {
  // Two mugs and a tote ($61.00 taxable), two syrups and a jam ($34.97 zero-rated).
  const mixed = [
    { unitPriceCents: 1800, quantity: 2, taxClass: "taxable" },
    { unitPriceCents: 1299, quantity: 2, taxClass: "zero-rated" },
    { unitPriceCents: 2500, quantity: 1, taxClass: "taxable" },
    { unitPriceCents: 899, quantity: 1, taxClass: "zero-rated" },
  ] as const;
  // Each component on $61.00 alone, rounded half up on its own.
  const expected = {
    AB: { GST: 305 },
    NT: { GST: 305 },
    NU: { GST: 305 },
    YT: { GST: 305 },
    BC: { GST: 305, PST: 427 },
    MB: { GST: 305, RST: 427 },
    SK: { GST: 305, PST: 366 },
    QC: { GST: 305, QST: 608 },
    ON: { HST: 793 },
    NS: { HST: 854 },
    NB: { HST: 915 },
    NL: { HST: 915 },
    PE: { HST: 915 },
  } as const;

  test("every province and territory is checked", () => {
    expect(Object.keys(expected).sort()).toEqual([...PROVINCES].sort());
  });

  test.each(Object.entries(expected))("%s", (province, components) => {
    const totals = cartTotals(mixed, province as keyof typeof expected);
    const taxCents = Object.values(components).reduce((sum, cents) => sum + cents, 0);
    expect(totals.subtotalCents).toBe(9597);
    expect(Object.fromEntries(totals.taxes.map((tax) => [tax.kind, tax.cents]))).toEqual(
      components,
    );
    expect(totals.taxCents).toBe(taxCents);
    expect(totals.totalCents).toBe(9597 + taxCents);
  });

  test("a cart of groceries alone bears no tax anywhere", () => {
    for (const province of PROVINCES) {
      const totals = cartTotals([mixed[1], mixed[3]], province);
      expect(totals.taxCents).toBe(0);
      expect(totals.totalCents).toBe(totals.subtotalCents);
    }
  });
});
