import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { CANADIAN_TIME_ZONES, type HoursRange, minutesOf } from "./hours.ts";

/** Ranges a day (or a special day) can have: a lunch break and an evening, with room to spare. */
export const MAX_RANGES = 4;
/** Ranges a new special day's form offers. */
export const SPECIAL_DAY_RANGES = 2;
export const SPECIAL_DAY_LABEL_LENGTH = 60;

/**
 * The hours form's field names. It is flat (no script needed, no nested names): each day's slots
 * `d<weekday>-r<slot>-opens`/`-closes` and `d<weekday>-closed`; the new special day's `new-…`;
 * an upcoming special day to remove `remove-<date>`.
 */
export const hoursField = {
  opens: (weekday: number, slot: number) => `d${weekday}-r${slot}-opens`,
  closes: (weekday: number, slot: number) => `d${weekday}-r${slot}-closes`,
  closed: (weekday: number) => `d${weekday}-closed`,
  newOpens: (slot: number) => `new-r${slot}-opens`,
  newCloses: (slot: number) => `new-r${slot}-closes`,
  remove: (date: string) => `remove-${date}`,
} as const;

const FIELD_NAME =
  /^(timeZone|new-date|new-label|new-closed|d[1-7]-closed|d[1-7]-r[0-3]-(opens|closes)|new-r[0-1]-(opens|closes)|remove-\d{4}-\d{2}-\d{2})$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type HoursForm = {
  timeZone: string;
  /** Monday first, each day's ranges in order. */
  week: HoursRange[][];
  /** A special day to add (or to replace, on a date that has one). */
  newDay: { date: string; label: string; ranges: HoursRange[] } | null;
  /** Upcoming special days to remove. */
  remove: string[];
};

/** A date that exists (not 2026-02-30). */
function isRealDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

type Issue = { field: string; message: MessageKey };

/** The filled slots among `slots` (pairs of field names), checked; problems go to `issues`. */
function rangesOf(
  raw: Record<string, string>,
  slots: [opens: string, closes: string][],
  issues: Issue[],
): HoursRange[] {
  const ranges: (HoursRange & { field: string })[] = [];
  for (const [opensField, closesField] of slots) {
    const opens = raw[opensField]?.trim() ?? "";
    const closes = raw[closesField]?.trim() ?? "";
    if (!opens && !closes) continue;
    if (!opens || !closes) {
      issues.push({ field: opens ? closesField : opensField, message: "manage.hours.bothTimes" });
    } else if (!CLOCK.test(opens)) {
      issues.push({ field: opensField, message: "manage.hours.badTime" });
    } else if (!CLOCK.test(closes)) {
      issues.push({ field: closesField, message: "manage.hours.badTime" });
    } else ranges.push({ opens, closes, field: opensField });
  }
  // A range ends the next day when its closing time is not after its opening time.
  const spans = ranges
    .map((range) => {
      const start = minutesOf(range.opens);
      const end = minutesOf(range.closes);
      return { ...range, start, end: end > start ? end : end + 24 * 60 };
    })
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    const span = spans[i];
    const before = spans[i - 1];
    if (span && before && span.start < before.end)
      issues.push({ field: span.field, message: "manage.hours.overlap" });
  }
  return spans.map(({ opens, closes }) => ({ opens, closes }));
}

/**
 * The hours form as one schema: every field a string, only the form's own names, times "HH:MM",
 * no two ranges of a day overlapping, a special day's date valid and its hours given unless it is
 * closed. Each problem names its field, so the page marks it. (Whether a new special day is in
 * the past depends on the listing's zone: the service checks that.)
 */
export const hoursFormSchema = z
  .record(z.string().regex(FIELD_NAME, "errors.not_a_form_field"), z.string().max(100))
  .transform((raw, context): HoursForm => {
    const issues: Issue[] = [];
    const timeZone = raw.timeZone ?? "";
    if (!(CANADIAN_TIME_ZONES as readonly string[]).includes(timeZone))
      issues.push({ field: "timeZone", message: "manage.hours.badTimeZone" });

    const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
      const slots = Array.from(
        { length: MAX_RANGES },
        (_, slot) =>
          [hoursField.opens(weekday, slot), hoursField.closes(weekday, slot)] as [string, string],
      );
      const ranges = rangesOf(raw, slots, issues);
      return raw[hoursField.closed(weekday)] ? [] : ranges;
    });
    if (issues.length === 0 && week.every((day) => day.length === 0))
      issues.push({ field: hoursField.opens(1, 0), message: "manage.hours.noDay" });

    let newDay: HoursForm["newDay"] = null;
    const date = raw["new-date"]?.trim() ?? "";
    const label = raw["new-label"]?.trim() ?? "";
    const slots = Array.from(
      { length: SPECIAL_DAY_RANGES },
      (_, slot) => [hoursField.newOpens(slot), hoursField.newCloses(slot)] as [string, string],
    );
    const ranges = rangesOf(raw, slots, issues);
    const closed = Boolean(raw["new-closed"]);
    if (date) {
      if (!ISO_DATE.test(date) || !isRealDate(date))
        issues.push({ field: "new-date", message: "manage.hours.badDate" });
      else if (label.length > SPECIAL_DAY_LABEL_LENGTH)
        issues.push({ field: "new-label", message: "manage.hours.labelTooLong" });
      else if (!closed && ranges.length === 0)
        issues.push({ field: hoursField.newOpens(0), message: "manage.hours.specialHours" });
      else newDay = { date, label, ranges: closed ? [] : ranges };
    } else if (label || closed || ranges.length > 0) {
      issues.push({ field: "new-date", message: "manage.hours.needDate" });
    }

    for (const { field, message } of issues)
      context.addIssue({ code: "custom", path: [field], message, input: raw[field] });
    const remove = Object.keys(raw)
      .filter((name) => name.startsWith("remove-"))
      .map((name) => name.slice("remove-".length));
    return { timeZone, week, newDay, remove };
  });
