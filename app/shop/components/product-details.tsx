import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { Product } from "../types.ts";
import { AddToCartForm } from "./add-to-cart-form.tsx";
import { Price, SaleBadge, StockLabel } from "./price.tsx";

/**
 * An item whole: picture, name, category, description, price, stock and 'Add to Cart'; its page
 * also shows the further pictures staff added, in their order.
 */
export function ProductDetails({
  product,
  headingId,
  headingLevel = 2,
  morePictures = [],
}: {
  product: Product;
  headingId: string;
  headingLevel?: 1 | 2;
  morePictures?: string[];
}) {
  const t = useT();
  const locale = useLocale();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="relative">
        <img
          src={product.image}
          alt=""
          width="400"
          height="400"
          className="aspect-square w-full rounded-2xl bg-slate-50 object-cover ring-1 ring-slate-200"
        />
        {product.onSale && <SaleBadge />}
        {morePictures.length > 0 && (
          <ul className="mt-3 grid grid-cols-4 gap-2">
            {morePictures.map((picture) => (
              <li key={picture}>
                <img
                  src={picture}
                  alt=""
                  width="96"
                  height="96"
                  loading="lazy"
                  className="aspect-square w-full rounded-lg bg-slate-50 object-cover ring-1 ring-slate-200"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-3">
        <p className="text-sm font-medium text-brand-800">
          {t(`shop.categories.${product.category}`)}
        </p>
        <Heading id={headingId} className="text-2xl font-bold md:text-3xl">
          {product.name[locale]}
        </Heading>
        <Price item={product} size="lg" />
        <StockLabel stock={product.stock} />
        <p className="text-slate-800">{product.description[locale]}</p>
        <p className="text-sm text-slate-600">{t("shop.item.taxesExtra")}</p>
        <AddToCartForm product={product} />
      </div>
    </div>
  );
}
