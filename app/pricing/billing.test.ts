import { expect, test } from "vitest";
import { annualSavings, billingOf, priceFor } from "./billing.ts";

const plan = { monthlyPriceCents: 4900, annualPriceCents: 49_000 };

test("monthly unless annual is asked for", () => {
  expect(billingOf("annual")).toBe("annual");
  for (const value of ["monthly", "", undefined, "yearly", ["annual"]])
    expect(billingOf(value)).toBe("monthly");
});

test("the price is the period's full price", () => {
  expect(priceFor(plan, "monthly")).toBe(4900);
  expect(priceFor(plan, "annual")).toBe(49_000);
});

test("the annual saving is twelve months less the annual price, never negative", () => {
  expect(annualSavings(plan)).toBe(9800);
  expect(annualSavings({ monthlyPriceCents: 1000, annualPriceCents: 13_000 })).toBe(0);
});
