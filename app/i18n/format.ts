import type { Locale } from "./locale.ts";

type Formatter =
  | Intl.NumberFormat
  | Intl.DateTimeFormat
  | Intl.PluralRules
  | Intl.RelativeTimeFormat
  | Intl.Collator;

const formatters = new Map<string, Formatter>();
/** The same formatters by their options object, for the constant (frozen) ones below. */
const byOptions = new WeakMap<object, Map<string, Formatter>>();

/**
 * Building an Intl formatter costs far more than formatting with it, and a list page formats
 * dozens of prices and times: each (kind, locale, options) is built once, and every part of the
 * site gets its formatters here rather than with `new Intl.…`. The set is small and fixed (two
 * languages, the options written in the code), so the cache needs no bound.
 */
function cached<T extends Formatter>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  // A frozen options object is one of the code's constants: found by identity, without writing
  // its key (JSON.stringify on every card's time was most of formatting it, docs/performance.md).
  const constant = Object.isFrozen(options) ? options : undefined;
  const known = constant && byOptions.get(constant)?.get(`${kind}:${locale}`);
  if (known) return known as T;
  const key = `${kind}:${locale}:${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  if (constant) {
    const forOptions = byOptions.get(constant) ?? new Map<string, Formatter>();
    forOptions.set(`${kind}:${locale}`, formatter);
    byOptions.set(constant, forOptions);
  }
  return formatter as T;
}

/** A shared, cached Intl.NumberFormat. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return cached("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

/** A shared, cached Intl.DateTimeFormat. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}) {
  return cached("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** A shared, cached Intl.PluralRules. */
export function pluralRules(locale: string, options: Intl.PluralRulesOptions = {}) {
  return cached("plural", locale, options, () => new Intl.PluralRules(locale, options));
}

/** A shared, cached Intl.RelativeTimeFormat. */
export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions = {}) {
  return cached("relative", locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

/** A shared, cached Intl.Collator. */
export function collator(locale: string, options: Intl.CollatorOptions = {}) {
  return cached("collator", locale, options, () => new Intl.Collator(locale, options));
}

const MONEY: Intl.NumberFormatOptions = Object.freeze({ style: "currency", currency: "CAD" });

export function formatMoney(cents: number, locale: Locale): string {
  return numberFormat(locale, MONEY).format(cents / 100);
}

export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  return numberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

const TIME_OF_DAY: Intl.DateTimeFormatOptions = Object.freeze({
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});

/**
 * "HH:MM" as the locale writes a time of day: "9:00 p.m." / "21 h", "21 h 30" (Canadian French
 * leaves out zero minutes, which Intl writes as "21 h 00").
 */
export function formatTimeOfDay(time: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const text = dateTimeFormat(locale, TIME_OF_DAY).format(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
  );
  return locale === "fr-CA" && minutes === 0 ? text.replace(/(\s)h\s00$/, "$1h") : text;
}

const DATE: Intl.DateTimeFormatOptions = Object.freeze({
  dateStyle: "long",
  timeZone: "America/Toronto",
});

export function formatDate(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, DATE).format(new Date(iso));
}

/** A day (YYYY-MM-DD) as a short month and day: "Nov 23" / "23 nov.". */
export function formatDayShort(day: string, locale: Locale): string {
  return dateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * Days from `startsOn` to `endsOn` (YYYY-MM-DD) as the locale writes a range, once for what the two
 * share: "February 13–22, 2026" / "13–22 février 2026"; one day when they are the same.
 */
export function formatDayRange(startsOn: string, endsOn: string, locale: Locale): string {
  return (
    dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" })
      .formatRange(new Date(`${startsOn}T00:00:00Z`), new Date(`${endsOn}T00:00:00Z`))
      // Versions of ICU space a spaced dash differently (thin or plain), and the server's and
      // the browser's must agree for the page to hydrate: always thin.
      .replace(/\s–\s/g, "\u2009–\u2009")
  );
}

/** A fraction as a percentage, with as many decimals as it needs up to 3: "9.975%", "5 %". */
export function formatPercent(fraction: number, locale: Locale): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 3 }).format(fraction);
}

const DATE_TIME: Intl.DateTimeFormatOptions = Object.freeze({
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/Toronto",
});

/** A moment as the locale writes a day and time, in Toronto's time: an order's steps, the audit. */
export function formatDateTime(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, DATE_TIME).format(new Date(iso));
}
