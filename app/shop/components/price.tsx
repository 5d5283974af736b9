import { formatMoney } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";

/**
 * What an item costs. On sale: the original price struck through (and said so to screen readers,
 * who hear no strike), the sale price, and the 'SALE!' badge.
 */
export function Price({
  item,
  size = "md",
}: {
  item: { originalPriceCents: number; salePriceCents: number; onSale: boolean };
  size?: "md" | "lg";
}) {
  const t = useT();
  const locale = useLocale();
  const big = size === "lg" ? "text-2xl" : "text-lg";
  if (!item.onSale) {
    return (
      <p className={`${big} font-bold text-slate-900`}>
        {formatMoney(item.originalPriceCents, locale)}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="sr-only">{t("shop.originalPrice")}</span>
      <del className="text-slate-600">{formatMoney(item.originalPriceCents, locale)}</del>{" "}
      <span className="sr-only">{t("shop.salePrice")}</span>
      <span className={`${big} font-bold text-accent-700`}>
        {formatMoney(item.salePriceCents, locale)}
      </span>
    </p>
  );
}

/** The 'SALE!' badge over an item's picture. */
export function SaleBadge() {
  const t = useT();
  return (
    <span className="absolute left-3 top-3 rounded-full bg-accent-700 px-3 py-1 text-sm font-bold text-white shadow">
      {t("shop.sale")}
    </span>
  );
}

/** In stock, only a few left, or sold out. */
export function StockLabel({ stock }: { stock: number }) {
  const t = useT();
  if (stock === 0) return <p className="font-semibold text-red-800">{t("shop.stock.soldOut")}</p>;
  if (stock <= 5)
    return (
      <p className="font-semibold text-accent-700">{t("shop.stock.fewLeft", { count: stock })}</p>
    );
  return <p className="text-brand-800">{t("shop.stock.inStock")}</p>;
}
