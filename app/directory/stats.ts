// How a listing is found, week by week: the figures' names, the weeks' bucketing and the chart's
// scale. Pure, so the page's component and the server share them (and the tests need no database).

/** What is counted for a listing, in the order the page shows them. */
export const STAT_KINDS = [
  "pageViews",
  "saves",
  "shares",
  "websiteClicks",
  "phoneClicks",
  "directionsClicks",
] as const;

export type StatKind = (typeof STAT_KINDS)[number];

export type StatCounts = Record<StatKind, number>;

/** The links that go through a counting redirect, and what each counts. */
export const STAT_TARGETS = {
  website: "websiteClicks",
  phone: "phoneClicks",
  directions: "directionsClicks",
} as const satisfies Record<string, StatKind>;

export type StatTarget = keyof typeof STAT_TARGETS;

/** The counting redirect to one of a listing's links (routes/directory/go.ts), before localizing. */
export function statLinkHref(businessId: number, target: StatTarget): string {
  return `/businesses/${businessId}/go/${target}`;
}

/** One Monday-to-Sunday week: its Monday (YYYY-MM-DD) and its totals. */
export type StatWeek = { startsOn: string } & StatCounts;

/** How many weeks the manage page shows, the current one last. */
export const STAT_WEEKS = 12;

const DAY_MS = 24 * 60 * 60 * 1000;

export function zeroCounts(): StatCounts {
  return {
    pageViews: 0,
    saves: 0,
    shares: 0,
    websiteClicks: 0,
    phoneClicks: 0,
    directionsClicks: 0,
  };
}

/** The date (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** `day` (YYYY-MM-DD) moved by `days`; date-only arithmetic in UTC, so no clock change shifts it. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day the page counts: the Monday `STAT_WEEKS - 1` weeks before this week's. */
export function firstStatDay(today: string): string {
  return mondayOf(addDays(today, -7 * (STAT_WEEKS - 1)));
}

/**
 * The last `STAT_WEEKS` weeks up to the one holding `today`, oldest first, each the sum of its
 * days' rows; a week without rows is all zeros. Rows outside those weeks are left out.
 */
export function weeklyTotals(
  rows: readonly ({ day: string } & StatCounts)[],
  today: string,
): StatWeek[] {
  const first = firstStatDay(today);
  const weeks = Array.from(
    { length: STAT_WEEKS },
    (_, index): StatWeek => ({ startsOn: addDays(first, 7 * index), ...zeroCounts() }),
  );
  for (const row of rows) {
    const index = Math.floor((Date.parse(row.day) - Date.parse(first)) / (7 * DAY_MS));
    const week = weeks[index];
    if (!week || row.day > today) continue;
    for (const kind of STAT_KINDS) week[kind] += row[kind];
  }
  return weeks;
}

/**
 * The chart's vertical scale: from 0 to a round top at or above `max` (1, 2 or 5 times a power of
 * ten, at least 5 so a quiet listing's small counts do not fill the chart), with the ticks between.
 */
export function niceScale(max: number): { top: number; ticks: number[] } {
  const target = Math.max(max, 5);
  const power = 10 ** Math.floor(Math.log10(target));
  const top = [1, 2, 5].map((step) => step * power).find((value) => value >= target) ?? 10 * power;
  // Five steps for a top of 1×/10× a power, four for 2×, five for 5×: whole numbers each time.
  const leading = top / power;
  const steps = leading === 2 ? 4 : 5;
  return { top, ticks: Array.from({ length: steps + 1 }, (_, index) => (top / steps) * index) };
}
