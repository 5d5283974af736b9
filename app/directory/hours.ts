import type { HoursRange } from "../db/schema/directory.ts";
import { dateTimeFormat, formatTimeOfDay } from "../i18n/format.ts";
import type { Translate } from "../i18n/i18n.ts";
import type { Locale } from "../i18n/locale.ts";

export type { HoursRange };

/** Each province's and territory's main time zone: a listing's zone until its owner picks one. */
const PROVINCE_TIME_ZONES: Record<string, string> = {
  AB: "America/Edmonton",
  BC: "America/Vancouver",
  MB: "America/Winnipeg",
  NB: "America/Moncton",
  NL: "America/St_Johns",
  NS: "America/Halifax",
  NT: "America/Yellowknife",
  NU: "America/Iqaluit",
  ON: "America/Toronto",
  PE: "America/Halifax",
  QC: "America/Toronto",
  SK: "America/Regina",
  YT: "America/Whitehorse",
};

export function provinceTimeZone(province: string): string {
  return PROVINCE_TIME_ZONES[province] ?? "America/Toronto";
}

/**
 * The zones a Canadian listing may keep its hours in, west to east: every province's own, and the
 * places that keep another clock than their province's (north-western Ontario, BC's Peace River and
 * Kootenays without daylight time, Labrador's coast on Atlantic time).
 */
export const CANADIAN_TIME_ZONES = [
  "America/Vancouver",
  "America/Whitehorse",
  "America/Dawson_Creek",
  "America/Fort_Nelson",
  "America/Creston",
  "America/Edmonton",
  "America/Yellowknife",
  "America/Regina",
  "America/Winnipeg",
  "America/Atikokan",
  "America/Toronto",
  "America/Iqaluit",
  "America/Halifax",
  "America/Moncton",
  "America/Goose_Bay",
  "America/St_Johns",
] as const;

/** A date whose hours are not the week's: closed when `ranges` is empty. */
export type SpecialDay = { date: string; ranges: HoursRange[]; label: string };

/** What "Open now" is worked out from. `week` is Monday first, seven days, each its ranges. */
export type OpeningHours = { timeZone: string; week: HoursRange[][]; specialDays: SpecialDay[] };

/**
 * Open or closed at a moment, and when that next changes, in the listing's local time: the time it
 * closes when open, opens when closed. `next` is null when it does not change within a week (open
 * around the clock, or closed all week). `daysAhead` counts local dates from today; `named` says
 * how a person would name that day: not at all (today, or closing within the next 24 hours),
 * "tomorrow", or its weekday.
 */
export type HoursStatus = {
  open: boolean;
  next: {
    date: string;
    time: string;
    weekday: number;
    daysAhead: number;
    named: "none" | "tomorrow" | "weekday";
  } | null;
};

const DAY = 24 * 60;
/** Beyond this, a change is too far ahead to name: "open 24 hours", or closed with no day named. */
const HORIZON = 7 * DAY;

/** "09:30" or "09:30:00" as minutes since midnight: 570. Read without splitting (ten a card). */
export function minutesOf(time: string): number {
  const colon = time.indexOf(":");
  if (colon < 0) return Number(time) * 60;
  const minutes = Number(time.slice(colon + 1, colon + 3)) || 0;
  return Number(time.slice(0, colon)) * 60 + minutes;
}

function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The same hours every day (a listing without weekly hours of its own). */
export function everyDay(opens: string, closes: string): HoursRange[][] {
  return Array.from({ length: 7 }, () => [{ opens, closes }]);
}

/** The local date (days since 1970-01-01) and minute of the day at `now` in `timeZone`. */
function localClock(timeZone: string, now: Date): { day: number; minute: number } {
  // Every card of a page asks at the same moment, mostly in the same few zones: each zone's clock
  // is read once a minute (every zone's offset is whole minutes), not once a card.
  const minuteOfEpoch = Math.floor(now.getTime() / 60_000);
  const known = lastClocks.get(timeZone);
  if (known?.minuteOfEpoch === minuteOfEpoch) return known.clock;
  const parts = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const clock = {
    day: Date.UTC(part("year"), part("month") - 1, part("day")) / (DAY * 60_000),
    minute: part("hour") * 60 + part("minute"),
  };
  lastClocks.set(timeZone, { minuteOfEpoch, clock });
  return clock;
}

/** Each zone's clock at the last minute it was read: as many entries as zones listings keep. */
const lastClocks = new Map<
  string,
  { minuteOfEpoch: number; clock: { day: number; minute: number } }
>();

const isoDate = (day: number) => new Date(day * DAY * 60_000).toISOString().slice(0, 10);
/** ISO weekday, 1 Monday to 7 Sunday. */
const weekdayOf = (day: number) => ((new Date(day * DAY * 60_000).getUTCDay() + 6) % 7) + 1;

/** Today's date in the zone, "YYYY-MM-DD": where special days in the past end. */
export function localToday(timeZone: string, now: Date): string {
  return isoDate(localClock(timeZone, now).day);
}

/**
 * Whether the listing is open at `now` and when that changes. Worked out on the local wall clock
 * (so a day of a DST change is simply its ranges on the clock), from yesterday (its ranges past
 * midnight reach into today) to a week ahead. A special day replaces its date's weekly ranges;
 * ranges that touch or overlap (22:00–24:00 and 00:00–02:00, every day around the clock) are one.
 */
export function hoursStatus(hours: OpeningHours, now: Date): HoursStatus {
  const { day: today, minute } = localClock(hours.timeZone, now);
  const special = new Map(hours.specialDays.map((day) => [day.date, day.ranges]));
  const spans: [number, number][] = [];
  for (let offset = -1; offset <= 8; offset++) {
    const day = today + offset;
    // Most listings have no special day: no date to write out for them.
    const ranges =
      (special.size > 0 ? special.get(isoDate(day)) : undefined) ??
      hours.week[weekdayOf(day) - 1] ??
      [];
    for (const range of ranges) {
      const opens = minutesOf(range.opens);
      const closes = minutesOf(range.closes);
      spans.push([offset * DAY + opens, offset * DAY + closes + (closes > opens ? 0 : DAY)]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }

  const current = merged.find(([start, end]) => start <= minute && minute < end);
  const at = current ? current[1] : merged.find(([start]) => start > minute)?.[0];
  if (at === undefined || at - minute > HORIZON) return { open: current !== undefined, next: null };
  const daysAhead = Math.floor(at / DAY);
  const named =
    daysAhead === 0 || (current && at - minute < DAY)
      ? "none"
      : daysAhead === 1
        ? "tomorrow"
        : "weekday";
  return {
    open: current !== undefined,
    next: {
      date: isoDate(today + daysAhead),
      time: clockOf(at % DAY),
      weekday: weekdayOf(today + daysAhead),
      daysAhead,
      named,
    },
  };
}

/** An ISO weekday's name in the language: "Monday", "lundi". */
export function weekdayName(weekday: number, locale: Locale): string {
  // 2024-01-01 was a Monday.
  return dateTimeFormat(locale, WEEKDAY).format(new Date(Date.UTC(2024, 0, weekday)));
}

/** Frozen: found by identity in format.ts's cache, as every card's status names a day. */
const WEEKDAY: Intl.DateTimeFormatOptions = Object.freeze({ weekday: "long", timeZone: "UTC" });

/**
 * The status as a person reads it: "Open now · closes at 9:00 p.m.", "Closed · opens Monday at
 * 9:00 a.m.", "Ouvert · ferme à 21 h", "Open 24 hours".
 */
export function statusText(status: HoursStatus, locale: Locale, t: Translate): string {
  const { open, next } = status;
  if (!next) return t(open ? "businesses.status.allDay" : "businesses.status.closed");
  const time = formatTimeOfDay(next.time, locale);
  const day = weekdayName(next.weekday, locale);
  return t(`businesses.status.${open ? "closes" : "opens"}.${next.named}`, { time, day });
}
