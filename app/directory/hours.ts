import { dateTimeFormat } from "../i18n/format.ts";

/** Each province's and territory's main time zone, for telling whether a business is open now. */
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

function clockIn(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat("en-CA", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/**
 * Whether a business with daily hours `opensAt`–`closesAt` ("HH:MM", local time) is open at `now`.
 * Hours that end after midnight ("20:00"–"02:00") wrap; equal times mean open around the clock.
 */
export function isOpenAt(opensAt: string, closesAt: string, timeZone: string, now: Date): boolean {
  const parts = clockIn(timeZone).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const current = part("hour") * 60 + part("minute");
  const open = minutesOf(opensAt);
  const close = minutesOf(closesAt);
  if (open === close) return true;
  return open < close ? current >= open && current < close : current >= open || current < close;
}
