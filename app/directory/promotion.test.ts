import { describe, expect, test } from "vitest";
import { promotionShown } from "./promotion.ts";

// A promotion from March 2 to March 10 2026, both days included, in the listing's own time zone.
const days = { startsOn: "2026-03-02", endsOn: "2026-03-10" };

describe("promotionShown", () => {
  test.each([
    // Newfoundland is UTC−3:30 in March before the 8th's change, then UTC−2:30.
    ["2026-03-02T03:29:00Z", "America/St_Johns", false], // 23:59 on March 1
    ["2026-03-02T03:30:00Z", "America/St_Johns", true], // midnight, its first day
    ["2026-03-11T02:29:00Z", "America/St_Johns", true], // 23:59 on its last day
    ["2026-03-11T02:30:00Z", "America/St_Johns", false], // midnight after it
    // The same instant is still March 10 in Vancouver (UTC−7), and March 11 in Halifax (UTC−3).
    ["2026-03-11T06:59:00Z", "America/Vancouver", true],
    ["2026-03-11T07:00:00Z", "America/Vancouver", false],
    ["2026-03-11T02:59:00Z", "America/Halifax", true],
    ["2026-03-11T03:00:00Z", "America/Halifax", false],
  ])("at %s in %s: %s", (now, zone, shown) => {
    expect(promotionShown(days, zone, new Date(now))).toBe(shown);
  });

  test("a seeded promotion without dates is shown every day", () => {
    const always = { startsOn: null, endsOn: null };
    expect(promotionShown(always, "America/Toronto", new Date("2020-01-01T00:00:00Z"))).toBe(true);
    expect(promotionShown(always, "America/Toronto", new Date("2040-12-31T23:59:00Z"))).toBe(true);
  });

  test("a promotion of one day is shown that day only", () => {
    const oneDay = { startsOn: "2026-07-01", endsOn: "2026-07-01" };
    const at = (now: string) => promotionShown(oneDay, "America/Toronto", new Date(now));
    expect(at("2026-07-01T03:59:00Z")).toBe(false); // 23:59 on June 30, UTC−4
    expect(at("2026-07-01T04:00:00Z")).toBe(true);
    expect(at("2026-07-02T03:59:00Z")).toBe(true);
    expect(at("2026-07-02T04:00:00Z")).toBe(false);
  });
});
