import type { Locale } from "./locale.ts";

export function formatMoney(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "CAD" }).format(cents / 100);
}

export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** "HH:MM" as the locale writes a time of day: "9:00 p.m." / "21 h". */
export function formatTimeOfDay(time: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const format = new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return format.format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "America/Toronto" }).format(
    new Date(iso),
  );
}

/** A fraction as a percentage, with as many decimals as it needs up to 3: "9.975%", "5 %". */
export function formatPercent(fraction: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 3 }).format(
    fraction,
  );
}
