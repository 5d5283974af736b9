import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { Product } from "../types.ts";
import { ProductDetails } from "./product-details.tsx";

/**
 * The item opened from the grid, in a modal dialog: Escape or Close shut it, and the focus goes
 * back to the card that opened it (the caller's `onClose`).
 */
export function ProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const t = useT();
  const to = useLocalizedPath();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const headingId = `product-${product.id}-title`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(56rem,calc(100%-2rem))] overflow-y-auto rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <ProductDetails product={product} headingId={headingId} />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <Link to={to(`/shop/${product.id}`)} className="text-brand-700 underline">
          {t("shop.item.itemPage")}
        </Link>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="rounded-lg px-5 py-2 font-semibold ring-1 ring-slate-300"
        >
          {t("shop.item.close")}
        </button>
      </div>
    </dialog>
  );
}
