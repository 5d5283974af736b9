/**
 * Where a player's day and week start, for the daily points cap and the family page's weeks:
 * Canada's most populous time zone, the same for everyone.
 */
export const PLAY_TIME_ZONE = "America/Toronto";

/** Weeks the family page shows, the current one last. */
const FAMILY_WEEKS = 8;

/** One week of a child's play: its Monday (YYYY-MM-DD, in Toronto), sets finished and seconds. */
export type PlayWeek = { monday: string; sets: number; seconds: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date `at` falls on in Toronto, as YYYY-MM-DD (en-CA writes dates that way). */
function torontoDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: PLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/**
 * The Mondays of the last FAMILY_WEEKS weeks as of `now`, oldest first, the current week's last.
 * Only the day `now` falls on depends on the zone; from there it is calendar arithmetic on dates
 * (at UTC noon, which no daylight-saving change moves), so a week is always seven days.
 */
export function lastMondays(now: Date): string[] {
  const today = new Date(`${torontoDate(now)}T12:00:00Z`);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday = today.getTime() - sinceMonday * DAY_MS;
  return Array.from({ length: FAMILY_WEEKS }, (_, index) =>
    new Date(monday - (FAMILY_WEEKS - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** The last FAMILY_WEEKS weeks, oldest first, with what `played` holds for each; 0 where none. */
export function playWeeks(now: Date, played: readonly PlayWeek[]): PlayWeek[] {
  const byMonday = new Map(played.map((week) => [week.monday, week]));
  return lastMondays(now).map((monday) => byMonday.get(monday) ?? { monday, sets: 0, seconds: 0 });
}
