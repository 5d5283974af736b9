import { describe, expect, test } from "vitest";
import { PROVINCES } from "../platform/provinces.ts";
import { SALES_TAX, salesTax, taxOn } from "./tax.ts";

/** DESIGN.md's table: every province and territory, its total rate and what it is made of. */
const TABLE = {
  AB: [5, "GST"],
  NT: [5, "GST"],
  NU: [5, "GST"],
  YT: [5, "GST"],
  BC: [12, "GST+PST"],
  MB: [12, "GST+RST"],
  SK: [11, "GST+PST"],
  QC: [14.975, "GST+QST"],
  ON: [13, "HST"],
  NS: [14, "HST"],
  NB: [15, "HST"],
  NL: [15, "HST"],
  PE: [15, "HST"],
} as const;

test("all 13 provinces and territories have their tax", () => {
  expect(Object.keys(SALES_TAX).sort()).toEqual([...PROVINCES].sort());
  expect(Object.keys(TABLE).sort()).toEqual([...PROVINCES].sort());
});

describe.each(Object.entries(TABLE))("%s", (province, [percent, kinds]) => {
  const components = SALES_TAX[province as keyof typeof TABLE];

  test(`charges ${percent}% as ${kinds}`, () => {
    expect(components.map((component) => component.kind).join("+")).toBe(kinds);
    const total = components.reduce((sum, component) => sum + component.rate, 0);
    expect(total / 1000).toBeCloseTo(percent, 6);
  });

  test("on $100.00 the tax is the rate, exactly", () => {
    const lines = salesTax(10_000, province as keyof typeof TABLE);
    const cents = lines.reduce((sum, line) => sum + line.cents, 0);
    expect(cents).toBe(Math.round(percent * 100));
  });
});

test("GST is 5% with PST, RST and QST added on the same subtotal, not on each other", () => {
  expect(salesTax(10_000, "QC")).toEqual([
    { kind: "GST", rate: 5000, cents: 500 },
    { kind: "QST", rate: 9975, cents: 998 },
  ]);
  expect(salesTax(10_000, "BC")).toEqual([
    { kind: "GST", rate: 5000, cents: 500 },
    { kind: "PST", rate: 7000, cents: 700 },
  ]);
});

test("each component is rounded half up to the cent on its own", () => {
  // 5% of $0.10 is exactly half a cent: rounded up.
  expect(taxOn(10, 5000)).toBe(1);
  // 5% of $0.09 is 0.45 of a cent: rounded down.
  expect(taxOn(9, 5000)).toBe(0);
  // QST on $10.00 is 99.75 cents; on $0.20 it is 1.995 cents.
  expect(taxOn(1000, 9975)).toBe(100);
  expect(taxOn(20, 9975)).toBe(2);
  // Quebec on $0.10: GST 0.5 → 1, QST 0.9975 → 1; rounding the 1.4975 total would give 1.
  expect(salesTax(10, "QC").map((line) => line.cents)).toEqual([1, 1]);
});

test("no tax on nothing; large carts stay exact", () => {
  expect(salesTax(0, "ON")).toEqual([{ kind: "HST", rate: 13_000, cents: 0 }]);
  // Ten of ten items at $9,999.99: $999,999.00, 15% HST.
  expect(salesTax(99_999_900, "NB")[0]?.cents).toBe(14_999_985);
});
