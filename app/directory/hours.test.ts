import { describe, expect, test } from "vitest";
import { createTranslate } from "../i18n/i18n.ts";
import type { Locale } from "../i18n/locale.ts";
import {
  everyDay,
  type HoursRange,
  hoursStatus,
  localToday,
  type OpeningHours,
  provinceTimeZone,
  type SpecialDay,
  statusText,
} from "./hours.ts";
import en from "./messages/en-CA.json" with { type: "json" };
import fr from "./messages/fr-CA.json" with { type: "json" };

const range = (opens: string, closes: string): HoursRange => ({ opens, closes });
const weekdays = (...days: HoursRange[][]) => days;
const hours = (
  week: HoursRange[][],
  timeZone = "America/Toronto",
  specialDays: SpecialDay[] = [],
): OpeningHours => ({ week, timeZone, specialDays });

const translate = { "en-CA": createTranslate("en-CA", en), "fr-CA": createTranslate("fr-CA", fr) };
/** The text with Intl's and our no-break spaces made plain, for readable expectations. */
const text = (opening: OpeningHours, now: Date, locale: Locale = "en-CA") =>
  statusText(hoursStatus(opening, now), locale, translate[locale]).replace(/\s/g, " ");

// 2026-07-15 is a Wednesday; 16:30 UTC is 12:30 in Montréal (EDT) and 09:30 in Vancouver (PDT).
const noonInMontreal = new Date("2026-07-15T16:30:00Z");
const nineToNine = everyDay("09:00", "21:00");
const DAY_MS = 24 * 60 * 60 * 1000;

describe("hoursStatus", () => {
  test("open until the day's closing time, in the business's own time zone", () => {
    expect(text(hours(nineToNine), noonInMontreal)).toBe("Open now · closes at 9:00 p.m.");
    expect(text(hours(nineToNine), noonInMontreal, "fr-CA")).toBe("Ouvert · ferme à 21 h");
    expect(text(hours(everyDay("11:00", "22:00"), "America/Vancouver"), noonInMontreal)).toBe(
      "Closed · opens at 11:00 a.m.",
    );
  });

  test("closed at the closing minute, open at the opening minute", () => {
    expect(hoursStatus(hours(everyDay("09:00", "12:30")), noonInMontreal).open).toBe(false);
    expect(hoursStatus(hours(everyDay("12:30", "18:00")), noonInMontreal).open).toBe(true);
  });

  test("the zone's clock is read again each minute and each moment asked, forward or back", () => {
    const lunch = hours(everyDay("09:00", "12:30"));
    const minuteBefore = new Date(noonInMontreal.getTime() - 60_000);
    expect(hoursStatus(lunch, minuteBefore).open).toBe(true);
    expect(hoursStatus(lunch, noonInMontreal).open).toBe(false);
    expect(hoursStatus(lunch, minuteBefore).open).toBe(true);
    expect(hoursStatus(lunch, new Date(noonInMontreal.getTime() + DAY_MS)).open).toBe(false);
    expect(hoursStatus(lunch, new Date(minuteBefore.getTime() + DAY_MS)).open).toBe(true);
  });

  test("several ranges a day: closed over lunch, opening again that afternoon", () => {
    const lunchBreak = everyDay("09:00", "12:00").map((day) => [...day, range("17:00", "22:00")]);
    expect(text(hours(lunchBreak), noonInMontreal)).toBe("Closed · opens at 5:00 p.m.");
    expect(text(hours(lunchBreak), noonInMontreal, "fr-CA")).toBe("Fermé · ouvre à 17 h");
    const morning = new Date("2026-07-15T14:00:00Z"); // 10:00
    expect(text(hours(lunchBreak), morning)).toBe("Open now · closes at 12:00 p.m.");
  });

  test("a range past midnight belongs to the day it starts, and is open after midnight", () => {
    // Only Tuesdays, 22:00 to 02:00: open at 01:00 on Wednesday, closing at 02:00.
    const tuesdayNights = weekdays([], [range("22:00", "02:00")], [], [], [], [], []);
    const oneAmWednesday = new Date("2026-07-15T05:00:00Z");
    expect(text(hours(tuesdayNights), oneAmWednesday)).toBe("Open now · closes at 2:00 a.m.");
    expect(text(hours(tuesdayNights), oneAmWednesday, "fr-CA")).toBe("Ouvert · ferme à 2 h");
    // At noon on Wednesday the next opening is the coming Tuesday.
    expect(text(hours(tuesdayNights), noonInMontreal)).toBe("Closed · opens Tuesday at 10:00 p.m.");
    expect(text(hours(tuesdayNights), noonInMontreal, "fr-CA")).toBe("Fermé · ouvre mardi à 22 h");
  });

  test("closed on Sunday: on Saturday evening it opens Monday at 09:00", () => {
    const weekdaysOnly = [...everyDay("09:00", "17:00").slice(0, 6), []];
    const saturdayEvening = new Date("2026-07-18T23:00:00Z"); // 19:00 on Saturday
    expect(text(hours(weekdaysOnly), saturdayEvening)).toBe("Closed · opens Monday at 9:00 a.m.");
    expect(text(hours(weekdaysOnly), saturdayEvening, "fr-CA")).toBe("Fermé · ouvre lundi à 9 h");
    const fridayEvening = new Date("2026-07-17T23:00:00Z");
    expect(text(hours(weekdaysOnly), fridayEvening)).toBe("Closed · opens tomorrow at 9:00 a.m.");
  });

  test("around the clock every day is open 24 hours, ranges touching at midnight too", () => {
    expect(text(hours(everyDay("00:00", "00:00")), noonInMontreal)).toBe("Open 24 hours");
    expect(text(hours(everyDay("00:00", "00:00")), noonInMontreal, "fr-CA")).toBe(
      "Ouvert 24 heures sur 24",
    );
    const twoHalves = everyDay("00:00", "12:00").map((day) => [...day, range("12:00", "24:00")]);
    expect(hoursStatus(hours(twoHalves), noonInMontreal)).toEqual({ open: true, next: null });
  });

  test("open around the clock until a closed holiday: closes that day's midnight, named", () => {
    const holiday = { date: "2026-07-17", ranges: [], label: "" };
    expect(
      text(hours(everyDay("00:00", "00:00"), "America/Toronto", [holiday]), noonInMontreal),
    ).toBe("Open now · closes Friday at 12:00 a.m.");
  });

  test("closed all week and no day ahead: just closed", () => {
    expect(text(hours(everyDay("09:00", "17:00").map(() => [])), noonInMontreal)).toBe("Closed");
  });

  test("a special day replaces the week's hours on its date: closed, or other hours", () => {
    const closed = { date: "2026-07-15", ranges: [], label: "Holiday" };
    expect(text(hours(nineToNine, "America/Toronto", [closed]), noonInMontreal)).toBe(
      "Closed · opens tomorrow at 9:00 a.m.",
    );
    const short = { date: "2026-07-15", ranges: [range("10:00", "14:00")], label: "" };
    expect(text(hours(nineToNine, "America/Toronto", [short]), noonInMontreal)).toBe(
      "Open now · closes at 2:00 p.m.",
    );
    // A holiday the day after still lets the evening before run past midnight into it.
    const lateNights = everyDay("18:00", "02:00");
    const nextDay = { date: "2026-07-16", ranges: [], label: "" };
    const oneAmOnHoliday = new Date("2026-07-16T05:00:00Z");
    expect(text(hours(lateNights, "America/Toronto", [nextDay]), oneAmOnHoliday)).toBe(
      "Open now · closes at 2:00 a.m.",
    );
    expect(text(hours(lateNights, "America/Toronto", [nextDay]), noonInMontreal)).toBe(
      "Closed · opens at 6:00 p.m.",
    );
  });

  test("the local date decides the weekday and the special day, not UTC's", () => {
    // 2026-07-16T02:00Z is still Wednesday the 15th, 22:00, in Toronto.
    const closed = { date: "2026-07-16", ranges: [], label: "" };
    const lateWednesday = new Date("2026-07-16T02:00:00Z");
    expect(
      text(hours(everyDay("20:00", "23:00"), "America/Toronto", [closed]), lateWednesday),
    ).toBe("Open now · closes at 11:00 p.m.");
    expect(localToday("America/Toronto", lateWednesday)).toBe("2026-07-15");
  });

  test("spring forward: the same UTC hour is an hour later on the wall clock", () => {
    // Toronto moves from EST (UTC−5) to EDT (UTC−4) at 02:00 on Sunday 2026-03-08.
    const at1330Utc = (date: string) => new Date(`${date}T13:30:00Z`);
    expect(text(hours(everyDay("09:00", "17:00")), at1330Utc("2026-03-07"))).toBe(
      "Closed · opens at 9:00 a.m.",
    );
    expect(text(hours(everyDay("09:00", "17:00")), at1330Utc("2026-03-08"))).toBe(
      "Open now · closes at 5:00 p.m.",
    );
    // Open 01:00–03:00 that night: at 03:30 EDT (07:30 UTC) it has closed.
    const night = everyDay("01:00", "03:00");
    expect(hoursStatus(hours(night), new Date("2026-03-08T06:30:00Z")).open).toBe(true);
    expect(hoursStatus(hours(night), new Date("2026-03-08T07:30:00Z")).open).toBe(false);
  });

  test("fall back: both 01:30s of the repeated hour are inside a range to 02:00", () => {
    // Toronto goes back from EDT to EST at 02:00 on Sunday 2026-11-01: 01:30 happens twice.
    const night = everyDay("22:00", "02:00");
    for (const instant of ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"]) {
      expect(text(hours(night), new Date(instant))).toBe("Open now · closes at 2:00 a.m.");
    }
    expect(hoursStatus(hours(night), new Date("2026-11-01T07:30:00Z")).open).toBe(false);
  });

  test("Newfoundland's half hour: 12:30 in Montréal is 14:00 in St. John's", () => {
    const stJohns = hours(everyDay("09:00", "13:30"), "America/St_Johns");
    expect(text(stJohns, noonInMontreal)).toBe("Closed · opens tomorrow at 9:00 a.m.");
    const justBefore = new Date("2026-07-15T15:59:00Z"); // 13:29 NDT
    expect(text(stJohns, justBefore, "fr-CA")).toBe("Ouvert · ferme à 13 h 30");
  });
});

test("each province has its time zone; Newfoundland keeps its half hour", () => {
  expect(provinceTimeZone("QC")).toBe("America/Toronto");
  expect(provinceTimeZone("NL")).toBe("America/St_Johns");
  expect(provinceTimeZone("XX")).toBe("America/Toronto");
});
