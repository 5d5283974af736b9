import { numberFormat, relativeTimeFormat } from "../i18n/format.ts";
import type { Locale } from "../i18n/locale.ts";
import type { Pay } from "./posting.ts";

/** The amounts of a pay range as the locale writes money: "$98,000–$128,000", "24,50–30,00 $". */
export function formatPayRange(pay: Pay, locale: Locale): string {
  const whole = pay.minCents % 100 === 0 && pay.maxCents % 100 === 0;
  const money = numberFormat(locale, {
    style: "currency",
    currency: "CAD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
  const [min, max] = [pay.minCents / 100, pay.maxCents / 100];
  return min === max ? money.format(min) : money.formatRange(min, max);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/**
 * "3 days ago", "yesterday", "il y a 2 heures": how long before `now` a time was, in words
 * (Intl.RelativeTimeFormat). Pages pass the server's `now`, so the browser renders the same words.
 */
export function timeAgo(iso: string, now: string | Date, locale: Locale): string {
  const seconds = Math.max(0, (new Date(now).getTime() - new Date(iso).getTime()) / 1000);
  const words = relativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return words.format(-Math.floor(seconds / size), unit);
  }
  return words.format(0, "second");
}

export type DescriptionBlock =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "paragraph"; text: string };

/**
 * A posting's description as blocks: "## " starts a heading, "- " a list item, other lines are
 * paragraphs. Plain text only, so nothing in a posting becomes markup.
 */
export function descriptionBlocks(text: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  for (const line of text.split("\n").map((item) => item.trim())) {
    if (!line) continue;
    if (line.startsWith("## ")) blocks.push({ kind: "heading", text: line.slice(3) });
    else if (line.startsWith("- ")) {
      const last = blocks.at(-1);
      if (last?.kind === "list") last.items.push(line.slice(2));
      else blocks.push({ kind: "list", items: [line.slice(2)] });
    } else blocks.push({ kind: "paragraph", text: line });
  }
  return blocks;
}

/** "Toronto, ON": where a posting is, as cards and pages write it. */
export function placeOf(job: { city: string; province: string }): string {
  return `${job.city}, ${job.province}`;
}
