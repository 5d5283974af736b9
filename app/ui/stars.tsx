import { formatNumber } from "../i18n/format.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";
import { spriteHref } from "./icons.tsx";

/** How many half stars are filled, from 0 to 10: the rating taken to the nearest half. */
export function starHalves(rating: number): number {
  return Math.round(Math.min(Math.max(rating, 0), 5) * 2);
}

/**
 * Five stars filled to the nearest half star, then the rating itself in brackets. The five are one
 * SVG: the row of grey stars from the sprite, and over it the same row in colour, cut at the
 * rating (a half star is its left half, 10 of the row's 100 units). A grid of cards draws many
 * ratings, and each element more is rendering on the server and layout on a slow phone.
 */
export function Stars({ rating, size = "sm" }: { rating: number; size?: "sm" | "lg" }) {
  const t = useT();
  const locale = useLocale();
  const shown = formatNumber(rating, locale, 1);
  const halves = starHalves(rating);
  const stars = spriteHref("stars");
  return (
    <span className="inline-flex items-center gap-1">
      <span role="img" aria-label={t("rating.label", { rating: shown })} className="inline-flex">
        <svg
          viewBox="0 0 100 20"
          aria-hidden="true"
          className={size === "lg" ? "h-6 w-30" : "h-4 w-20"}
        >
          <use href={stars} className="fill-slate-300" />
          {halves > 0 && (
            // biome-ignore lint/a11y/noSvgWithoutTitle: a part of the drawing, which is hidden already.
            <svg width={halves * 10} height="20" data-halves={halves}>
              <use href={stars} width="100" height="20" className="fill-star" />
            </svg>
          )}
        </svg>
      </span>
      <span aria-hidden="true" className="text-sm text-slate-600">
        ({shown})
      </span>
    </span>
  );
}
