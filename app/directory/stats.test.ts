import { describe, expect, test } from "vitest";
import { xOf, yOf } from "./components/stats-chart.tsx";
import {
  addDays,
  dayIn,
  firstStatDay,
  mondayOf,
  niceScale,
  STAT_WEEKS,
  weeklyTotals,
  zeroCounts,
} from "./stats.ts";

const row = (day: string, pageViews: number, extra = {}) => ({
  day,
  ...zeroCounts(),
  pageViews,
  ...extra,
});

describe("weeks", () => {
  test("start on Monday: a Sunday belongs to the week before, a Monday starts one", () => {
    expect(mondayOf("2026-11-29")).toBe("2026-11-23"); // Sunday
    expect(mondayOf("2026-11-30")).toBe("2026-11-30"); // Monday
    expect(mondayOf("2026-11-27")).toBe("2026-11-23"); // Friday
    // Across a month and a year.
    expect(mondayOf("2026-01-01")).toBe("2025-12-29");
  });

  test("days are counted in dates, so a clock change moves nothing", () => {
    // Canada's clocks went back on 2026-11-01.
    expect(addDays("2026-10-31", 1)).toBe("2026-11-01");
    expect(addDays("2026-11-01", 1)).toBe("2026-11-02");
    expect(addDays("2026-03-08", -1)).toBe("2026-03-07");
  });

  test("today is the listing's own date: a UTC Monday morning is still Sunday in Vancouver", () => {
    const at = new Date("2026-11-30T05:00:00Z");
    expect(dayIn("America/Toronto", at)).toBe("2026-11-30");
    expect(dayIn("America/Vancouver", at)).toBe("2026-11-29");
    // Newfoundland's half hour: 02:29 UTC is 22:59 the day before in St. John's.
    expect(dayIn("America/St_Johns", new Date("2026-11-30T02:29:00Z"))).toBe("2026-11-29");
    expect(dayIn("America/St_Johns", new Date("2026-11-30T03:31:00Z"))).toBe("2026-11-30");
  });

  test("twelve weeks up to this one, oldest first, each the sum of its days", () => {
    const today = "2026-11-27"; // a Friday; this week began on Monday the 23rd
    expect(firstStatDay(today)).toBe("2026-09-07");
    const weeks = weeklyTotals(
      [
        row("2026-11-23", 3, { saves: 1 }),
        row("2026-11-27", 4, { websiteClicks: 2 }),
        row("2026-11-22", 5), // Sunday: the week before
        row("2026-09-07", 7), // the first day shown
        row("2026-09-06", 100), // the day before it: not shown
      ],
      today,
    );
    expect(weeks).toHaveLength(STAT_WEEKS);
    expect(weeks.map((week) => week.startsOn)).toEqual(
      Array.from({ length: 12 }, (_, index) => addDays("2026-09-07", 7 * index)),
    );
    expect(weeks.at(-1)).toMatchObject({ pageViews: 7, saves: 1, websiteClicks: 2 });
    expect(weeks.at(-2)).toMatchObject({ pageViews: 5, saves: 0 });
    expect(weeks[0]).toMatchObject({ pageViews: 7 });
  });

  test("weeks without any row are all zeros", () => {
    const weeks = weeklyTotals([], "2026-11-30");
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)?.startsOn).toBe("2026-11-30");
    for (const week of weeks) expect(week).toEqual({ startsOn: week.startsOn, ...zeroCounts() });
  });
});

describe("the chart's scale", () => {
  test("a round top at or above the largest figure, at least 5, with whole ticks", () => {
    expect(niceScale(0)).toEqual({ top: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(niceScale(3)).toEqual({ top: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(niceScale(7)).toEqual({ top: 10, ticks: [0, 2, 4, 6, 8, 10] });
    expect(niceScale(10)).toEqual({ top: 10, ticks: [0, 2, 4, 6, 8, 10] });
    expect(niceScale(12)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(niceScale(48)).toEqual({ top: 50, ticks: [0, 10, 20, 30, 40, 50] });
    expect(niceScale(1001)).toEqual({ top: 2000, ticks: [0, 500, 1000, 1500, 2000] });
  });

  test("zero sits on the bottom line, the top on the top line, weeks evenly across", () => {
    expect(yOf(0, 10)).toBeGreaterThan(yOf(5, 10));
    expect(yOf(5, 10)).toBe((yOf(0, 10) + yOf(10, 10)) / 2);
    expect(xOf(0, 12)).toBeLessThan(xOf(11, 12));
    expect(xOf(1, 12) - xOf(0, 12)).toBeCloseTo(xOf(11, 12) - xOf(10, 12));
  });
});
