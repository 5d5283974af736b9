import { expect, test } from "vitest";
import { cartTotals, unitPrice } from "./totals.ts";

test("the sale price is charged only while the item is on sale", () => {
  expect(unitPrice({ originalPriceCents: 2000, salePriceCents: 1500, onSale: true })).toBe(1500);
  expect(unitPrice({ originalPriceCents: 2000, salePriceCents: 1500, onSale: false })).toBe(2000);
});

test("totals in cents: subtotal of price × quantity, tax on the subtotal, total", () => {
  const lines = [
    { unitPriceCents: 1299, quantity: 2 },
    { unitPriceCents: 1850, quantity: 1 },
    { unitPriceCents: 5, quantity: 3 },
  ];
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
  expect(cartTotals([{ unitPriceCents: 1000, quantity: 2 }], null)).toEqual({
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
    const totals = cartTotals([{ unitPriceCents: price, quantity: 3 }], "QC");
    for (const value of [totals.subtotalCents, totals.taxCents, totals.totalCents])
      expect(Number.isInteger(value)).toBe(true);
  }
});
