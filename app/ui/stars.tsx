import { formatNumber } from "../i18n/format.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/** How much of each of the five stars is filled: 1, 0.5 or 0, the rating taken to the nearest half. */
export function starFills(rating: number): number[] {
  const halves = Math.round(Math.min(Math.max(rating, 0), 5) * 2);
  return [1, 2, 3, 4, 5].map((star) => Math.min(Math.max(halves - (star - 1) * 2, 0), 2) / 2);
}

/** Five stars filled to the nearest half star, then the rating itself in brackets. */
export function Stars({ rating, size = "sm" }: { rating: number; size?: "sm" | "lg" }) {
  const t = useT();
  const locale = useLocale();
  const shown = formatNumber(rating, locale, 1);
  const box = size === "lg" ? "size-6" : "size-4";
  return (
    <span className="inline-flex items-center gap-1">
      <span role="img" aria-label={t("rating.label", { rating: shown })} className="inline-flex">
        {starFills(rating).map((fill, index) => (
          // A grey star with the filled one laid over it, cut to the filled part.
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never move.
          <span key={index} data-fill={fill} className={`relative ${box}`}>
            <svg viewBox="0 0 20 20" aria-hidden="true" className={`${box} fill-slate-300`}>
              <path d={STAR} />
            </svg>
            {fill > 0 && (
              <span
                className={`absolute inset-y-0 left-0 overflow-hidden ${fill === 1 ? "w-full" : "w-1/2"}`}
              >
                <svg
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  className={`${box} max-w-none fill-star`}
                >
                  <path d={STAR} />
                </svg>
              </span>
            )}
          </span>
        ))}
      </span>
      <span aria-hidden="true" className="text-sm text-slate-600">
        ({shown})
      </span>
    </span>
  );
}
