import { formatNumber } from "../i18n/format.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";
/** The star's left half, for half a star. */
const HALF_STAR = "M10 1.5V14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/** How much of each of the five stars is filled: 1, 0.5 or 0, the rating taken to the nearest half. */
export function starFills(rating: number): number[] {
  const halves = Math.round(Math.min(Math.max(rating, 0), 5) * 2);
  return [1, 2, 3, 4, 5].map((star) => Math.min(Math.max(halves - (star - 1) * 2, 0), 2) / 2);
}

/**
 * Five stars filled to the nearest half star, then the rating itself in brackets. The five are one
 * SVG (a grey star, and over it the filled star or its left half): a grid of cards draws many
 * ratings, and each element more is style and layout work on a slow phone.
 */
export function Stars({ rating, size = "sm" }: { rating: number; size?: "sm" | "lg" }) {
  const t = useT();
  const locale = useLocale();
  const shown = formatNumber(rating, locale, 1);
  return (
    <span className="inline-flex items-center gap-1">
      <span role="img" aria-label={t("rating.label", { rating: shown })} className="inline-flex">
        <svg
          viewBox="0 0 100 20"
          aria-hidden="true"
          className={size === "lg" ? "h-6 w-30" : "h-4 w-20"}
        >
          {starFills(rating).map((fill, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never move.
            <g key={index} transform={`translate(${index * 20} 0)`} data-fill={fill}>
              <path d={STAR} className="fill-slate-300" />
              {fill > 0 && <path d={fill === 1 ? STAR : HALF_STAR} className="fill-star" />}
            </g>
          ))}
        </svg>
      </span>
      <span aria-hidden="true" className="text-sm text-slate-600">
        ({shown})
      </span>
    </span>
  );
}
