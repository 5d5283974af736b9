import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { Icon } from "../../ui/icons.tsx";
import type { BusinessDetail } from "../types.ts";

/**
 * Products side by side: 1 slide under 640 px, then 2, 3 and 4 (see .carousel in app.css). The
 * strip scrolls by touch, trackpad or keyboard; the arrow buttons move it one slide at a time.
 */
export function ProductCarousel({
  products,
  labelledBy,
}: {
  products: BusinessDetail["products"];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const strip = useRef<HTMLUListElement>(null);
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
        {products.map((product) => {
          const name = product.name[locale];
          const price = formatMoney(product.priceCents, locale);
          return (
            <li key={product.id}>
              <a
                href={product.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t("business.opensInNewTab", { name, price })}
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
                  <span className="block font-medium text-slate-900">{name}</span>
                  <span className="block text-slate-700">{price}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      {products.length > 1 && (
        <div className="mt-2 flex justify-end gap-2">
          <CarouselButton
            label={t("business.previous")}
            icon="arrowLeft"
            onClick={() => move(-1)}
          />
          <CarouselButton label={t("business.next")} icon="arrowRight" onClick={() => move(1)} />
        </div>
      )}
    </div>
  );
}

function CarouselButton({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: "arrowLeft" | "arrowRight";
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="flex size-11 items-center justify-center rounded-full bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <Icon name={icon} />
    </button>
  );
}
