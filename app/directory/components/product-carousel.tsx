import { useEffect, useRef, useState } from "react";
import { formatMoney } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { Icon } from "../../ui/icons.tsx";
import type { BusinessDetail } from "../types.ts";

/** Where the strip is: at its start, at its end (both when every slide fits). */
type Ends = { atStart: boolean; atEnd: boolean };

/**
 * Products side by side: 1 slide under 640 px, then 2, 3 and 4 (see .carousel in app.css). The
 * strip scrolls by touch, trackpad or keyboard; the arrow buttons move it one slide at a time and
 * say so when there is nothing more that way.
 */
export function ProductCarousel({
  products,
  labelledBy,
}: {
  products: BusinessDetail["products"];
  labelledBy: string;
}) {
  const t = useT();
  const locale = useLocale();
  const strip = useRef<HTMLUListElement>(null);
  // The server cannot know the width: the page starts at the start, with more to the right.
  const [ends, setEnds] = useState<Ends>({ atStart: true, atEnd: false });

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    // A pixel of slack: scroll positions are fractional on zoomed and high-density screens.
    const update = () =>
      setEnds({
        atStart: element.scrollLeft <= 1,
        atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
      });
    update();
    element.addEventListener("scroll", update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener("scroll", update);
      resize.disconnect();
    };
  }, []);

  const move = (direction: 1 | -1) => {
    const element = strip.current;
    const slide = element?.firstElementChild as HTMLElement | null;
    if (element && slide) element.scrollBy({ left: direction * (slide.offsetWidth + 20) });
  };
  return (
    <div className="relative">
      <ul
        ref={strip}
        className="carousel pb-3"
        aria-labelledby={labelledBy}
        // A scrollable region must be reachable from the keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
      >
        {products.map((product) => (
          <li key={product.id}>
            <a
              href={product.url}
              target="_blank"
              rel="noopener noreferrer"
              className="block overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 hover:ring-brand-600"
            >
              <img
                src={product.image}
                alt=""
                width="300"
                height="300"
                loading="lazy"
                className="aspect-square w-full bg-slate-50 object-cover"
              />
              <span className="block p-3">
                <span className="block font-medium text-slate-900">{product.name[locale]}</span>
                <span className="block text-slate-700">
                  {formatMoney(product.priceCents, locale)}
                </span>
                <span className="sr-only"> {t("business.opensInNewTab")}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {products.length > 1 && (
        <div className="mt-2 flex justify-end gap-2">
          <CarouselButton
            label={t("business.previous")}
            icon="arrowLeft"
            disabled={ends.atStart}
            onClick={() => move(-1)}
          />
          <CarouselButton
            label={t("business.next")}
            icon="arrowRight"
            disabled={ends.atEnd}
            onClick={() => move(1)}
          />
        </div>
      )}
    </div>
  );
}

/**
 * aria-disabled rather than disabled: a button that becomes disabled under the keyboard would
 * drop the focus to the page's start.
 */
function CarouselButton({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: "arrowLeft" | "arrowRight";
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={disabled ? undefined : onClick}
      aria-label={label}
      aria-disabled={disabled}
      className="flex size-11 items-center justify-center rounded-full bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:ring-slate-200 aria-disabled:hover:bg-white"
    >
      <Icon name={icon} />
    </button>
  );
}
