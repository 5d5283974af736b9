import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { MAX_QUANTITY } from "../totals.ts";
import type { Product } from "../types.ts";

/**
 * 'Add to Cart' with a quantity. Posts to the cart's action: without JavaScript the browser then
 * shows the cart; with it, the page stays, says the item was added, and the bar's count follows.
 */
export function AddToCartForm({ product }: { product: Product }) {
  const t = useT();
  const to = useLocalizedPath();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ added?: boolean; problem?: FormProblem }>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const most = Math.min(MAX_QUANTITY, product.stock);
  const id = `quantity-${product.id}`;
  const outcome = useRef<HTMLDivElement>(null);
  // On a phone the form ends the scrolled pop-up, and what the click did would appear below the
  // visible part: bring it into view.
  useEffect(() => {
    if (result) outcome.current?.scrollIntoView({ block: "nearest" });
  }, [result]);
  if (product.stock === 0) return null;
  return (
    <fetcher.Form method="post" action={to("/cart")} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      {hydrated && <input type="hidden" name="via" value="fetch" />}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {t("shop.item.quantity")}
          </label>
          <select
            id={id}
            name="quantity"
            defaultValue="1"
            className="rounded-lg border border-slate-300 bg-white px-3 py-2.5"
          >
            {Array.from({ length: most }, (_, index) => index + 1).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-70`}>
          {busy ? t("shop.item.adding") : t("shop.item.addToCart")}
        </button>
      </div>
      <div ref={outcome} aria-live="polite">
        {result?.added && (
          <p role="status" className="flex flex-wrap items-center gap-3 font-medium text-brand-800">
            {t("shop.item.added")}{" "}
            <Link to={to("/cart")} className="underline">
              {t("shop.item.viewCart")}
            </Link>
          </p>
        )}
        {result?.problem && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {t(result.problem.message, result.problem.values)}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
}
