import { dateTimeFormat } from "../i18n/format.ts";

/**
 * Whether an event is over is judged by the calendar in Eastern time, the one the site's dates are
 * written in (decision 0036): an event stays upcoming through its last day there.
 */
const EVENT_TIME_ZONE = "America/Toronto";

/** The day it is at `now` in Canada's Eastern time, as YYYY-MM-DD. */
export function eventToday(now: Date): string {
  const parts = dateTimeFormat("en-CA", {
    timeZone: EVENT_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((each) => each.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}
