import { expect, test } from "vitest";
import { lastMondays, playWeeks } from "./weeks.ts";

test("eight Mondays, the current week's last, a week without play at 0", () => {
  // Wednesday 2026-11-25 at 10:00 in Toronto.
  const weeks = playWeeks(new Date("2026-11-25T15:00:00Z"), [
    { monday: "2026-11-16", sets: 3, seconds: 400 },
    { monday: "2026-10-05", sets: 1, seconds: 90 },
  ]);
  expect(weeks.map((week) => week.monday)).toEqual([
    "2026-10-05",
    "2026-10-12",
    "2026-10-19",
    "2026-10-26",
    "2026-11-02",
    "2026-11-09",
    "2026-11-16",
    "2026-11-23",
  ]);
  expect(weeks[0]).toEqual({ monday: "2026-10-05", sets: 1, seconds: 90 });
  expect(weeks[6]).toEqual({ monday: "2026-11-16", sets: 3, seconds: 400 });
  expect(weeks[7]).toEqual({ monday: "2026-11-23", sets: 0, seconds: 0 });
  expect(playWeeks(new Date("2026-11-25T15:00:00Z"), []).every((week) => week.sets === 0)).toBe(
    true,
  );
});

test("the week is Toronto's: Sunday night there is still last week, UTC's Monday or not", () => {
  // Sunday 2026-11-29 at 22:00 in Toronto is Monday 03:00 UTC.
  expect(lastMondays(new Date("2026-11-30T03:00:00Z")).at(-1)).toBe("2026-11-23");
  // Monday 00:30 in Toronto starts the new week.
  expect(lastMondays(new Date("2026-11-30T05:30:00Z")).at(-1)).toBe("2026-11-30");
});

test("across a daylight-saving change, weeks stay seven days and start on Monday", () => {
  // Clocks went forward on Sunday 2026-03-08 and back on Sunday 2026-11-01.
  expect(lastMondays(new Date("2026-03-09T04:30:00Z"))).toEqual([
    "2026-01-19",
    "2026-01-26",
    "2026-02-02",
    "2026-02-09",
    "2026-02-16",
    "2026-02-23",
    "2026-03-02",
    "2026-03-09",
  ]);
  // Sunday 2026-11-01 at 23:30 in Toronto (EST, UTC-5): still the week of October 26.
  expect(lastMondays(new Date("2026-11-02T04:30:00Z")).at(-1)).toBe("2026-10-26");
});

test("across the year's end, weeks run on into January", () => {
  const mondays = lastMondays(new Date("2027-01-01T17:00:00Z"));
  expect(mondays.at(-1)).toBe("2026-12-28");
  expect(mondays[0]).toBe("2026-11-09");
  expect(lastMondays(new Date("2027-01-06T17:00:00Z")).slice(-2)).toEqual([
    "2026-12-28",
    "2027-01-04",
  ]);
});
