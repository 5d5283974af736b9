import { describe, expect, test, vi } from "vitest";
import {
  collator,
  dateTimeFormat,
  formatMoney,
  formatTimeOfDay,
  numberFormat,
  pluralRules,
  relativeTimeFormat,
} from "./format.ts";

describe("Intl formatters are built once per locale and options", () => {
  test.each([
    ["NumberFormat", () => numberFormat("fr-CA", { style: "currency", currency: "CAD" })],
    ["DateTimeFormat", () => dateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" })],
    ["PluralRules", () => pluralRules("fr-CA", { type: "ordinal" })],
    ["RelativeTimeFormat", () => relativeTimeFormat("en-CA", { numeric: "auto" })],
    ["Collator", () => collator("fr-CA")],
  ])("%s: the same object for the same locale and options", (_, make) => {
    expect(make()).toBe(make());
  });

  test("a frozen options object is found by identity, its key not written again", () => {
    const options = Object.freeze({ month: "long", timeZone: "UTC" } as const);
    const english = dateTimeFormat("en-CA", options);
    const french = dateTimeFormat("fr-CA", options);
    expect(french).not.toBe(english);
    expect(dateTimeFormat("en-CA", { month: "long", timeZone: "UTC" })).toBe(english);
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      expect(dateTimeFormat("en-CA", options)).toBe(english);
      expect(dateTimeFormat("fr-CA", options)).toBe(french);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });

  test("another locale, other options or another kind get their own", () => {
    const base = numberFormat("en-CA", { maximumFractionDigits: 0 });
    expect(numberFormat("fr-CA", { maximumFractionDigits: 0 })).not.toBe(base);
    expect(numberFormat("en-CA", { maximumFractionDigits: 2 })).not.toBe(base);
    expect(numberFormat("en-CA")).not.toBe(base);
    expect(pluralRules("en-CA")).not.toBe(pluralRules("en-CA", { type: "ordinal" }));
  });

  test("each formats as a new one would", () => {
    expect(pluralRules("fr-CA").select(1.5)).toBe(new Intl.PluralRules("fr-CA").select(1.5));
    expect(relativeTimeFormat("fr-CA", { numeric: "auto" }).format(-1, "day")).toBe("hier");
    expect(["émile", "eve", "zoé"].sort(collator("fr-CA").compare)).toEqual([
      "émile",
      "eve",
      "zoé",
    ]);
    expect(formatMoney(1234, "fr-CA")).toBe(
      new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD" }).format(12.34),
    );
  });
});

test("a time of day in Canadian French leaves out zero minutes; English keeps them", () => {
  expect(formatTimeOfDay("09:00", "fr-CA").replace(/\s/g, " ")).toBe("9 h");
  expect(formatTimeOfDay("21:30", "fr-CA").replace(/\s/g, " ")).toBe("21 h 30");
  expect(formatTimeOfDay("21:00", "en-CA").replace(/\s/g, " ")).toBe("9:00 p.m.");
});
