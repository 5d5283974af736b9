import { Link } from "react-router";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { Product } from "../types.ts";
import { Price, SaleBadge } from "./price.tsx";

/**
 * An item in the shop grid. Its link is the item's own page; with JavaScript a plain click opens
 * the item in a dialog instead (`onOpen`), and a click that asks for a new tab still gets the page.
 */
export function ProductCard({
  product,
  onOpen,
}: {
  product: Product;
  onOpen: (product: Product, opener: HTMLElement) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <div className="relative">
        <img
          src={product.image}
          alt=""
          width="400"
          height="400"
          loading="lazy"
          decoding="async"
          className="aspect-square w-full bg-slate-50 object-cover"
        />
        {product.onSale && <SaleBadge />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-medium text-brand-800">
          {t(`shop.categories.${product.category}`)}
        </p>{" "}
        <h3 className="text-lg font-semibold text-slate-900">
          <Link
            to={to(`/shop/${product.id}`)}
            aria-haspopup="dialog"
            onClick={(event) => {
              if (
                event.button !== 0 ||
                event.metaKey ||
                event.ctrlKey ||
                event.shiftKey ||
                event.altKey
              )
                return;
              event.preventDefault();
              onOpen(product, event.currentTarget);
            }}
            className="stretched-link"
          >
            {product.name[locale]}
          </Link>
        </h3>{" "}
        <div className="mt-auto">
          <Price item={product} />
        </div>
      </div>
    </article>
  );
}
