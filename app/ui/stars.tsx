import { formatNumber } from "../i18n/format.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";

/** Five stars with the rounded rating filled, then the rating itself in brackets. */
export function Stars({ rating, size = "sm" }: { rating: number; size?: "sm" | "lg" }) {
  const t = useT();
  const locale = useLocale();
  const filled = Math.round(rating);
  const shown = formatNumber(rating, locale, 1);
  const box = size === "lg" ? "size-6" : "size-4";
  return (
    <span className="inline-flex items-center gap-1">
      <span role="img" aria-label={t("rating.label", { rating: shown })} className="inline-flex">
        {[1, 2, 3, 4, 5].map((star) => (
          <svg
            key={star}
            viewBox="0 0 20 20"
            aria-hidden="true"
            className={`${box} ${star <= filled ? "fill-star" : "fill-slate-300"}`}
          >
            <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
          </svg>
        ))}
      </span>
      <span aria-hidden="true" className="text-sm text-slate-600">
        ({shown})
      </span>
    </span>
  );
}
