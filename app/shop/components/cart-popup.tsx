import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { formatMoney } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { Icon } from "../../ui/icons.tsx";
import type { CartSummary } from "../cart-summary.ts";

/**
 * The navigation's cart button, with the number of items. It is a link to /cart; with JavaScript
 * a plain click opens the cart pop-up (SPEC.md, "Shared navigation") instead.
 */
export function CartButton({ summary }: { summary: CartSummary }) {
  const t = useT();
  const to = useLocalizedPath();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <Link
        ref={button}
        to={to("/cart")}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setOpen(true);
        }}
        className="relative flex items-center gap-1 rounded-lg px-2 py-2 text-slate-700 hover:text-brand-800"
      >
        <Icon name="cart" className="size-6" />
        <span className="sr-only">
          {t("cart.label")}, {t("cart.items", { count: summary.count })}
        </span>
        <span
          aria-hidden="true"
          className={`min-w-6 rounded-full px-1.5 text-center text-sm font-semibold ${
            summary.count > 0 ? "bg-accent-700 text-white" : "bg-slate-100 text-slate-700"
          }`}
        >
          {summary.count}
        </span>
      </Link>
      {open && (
        <CartDialog
          summary={summary}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}

function CartDialog({ summary, onClose }: { summary: CartSummary; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="cart-popup-title"
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100%-2rem))] overflow-y-auto rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50 md:mr-6 md:mt-20"
    >
      <h2 id="cart-popup-title" className="text-xl font-bold">
        {t("cart.title")}
      </h2>
      {summary.lines.length === 0 ? (
        <div className="py-6 text-center">
          <p className="text-lg font-semibold">{t("cart.empty")}</p>
          <Link
            to={to("/shop")}
            onClick={close}
            className="mt-2 inline-block text-brand-700 underline"
          >
            {t("cart.browse")}
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-slate-100">
            {summary.lines.map((line) => (
              <PopupLine key={line.productId} line={line} />
            ))}
          </ul>
          <p className="mt-4 flex justify-between border-t border-slate-200 pt-3 font-semibold">
            <span>{t("cart.subtotal")}</span>{" "}
            <span>{formatMoney(summary.subtotalCents, locale)}</span>
          </p>
        </>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={close}
          className="rounded-lg px-5 py-2 font-semibold ring-1 ring-slate-300"
        >
          {t("cart.close")}
        </button>
        {summary.lines.length > 0 && (
          <Link to={to("/cart")} onClick={close} className={primaryButton}>
            {t("cart.proceed")}
          </Link>
        )}
      </div>
    </dialog>
  );
}

function PopupLine({ line }: { line: CartSummary["lines"][number] }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const fetcher = useFetcher();
  return (
    <li className="flex gap-3 py-3">
      <img
        src={line.image}
        alt=""
        width="56"
        height="56"
        className="size-14 shrink-0 rounded-lg bg-slate-50"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{line.name}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="text-sm text-slate-600">
            {line.quantity} × {formatMoney(line.unitPriceCents, locale)}
          </span>{" "}
          <span className="font-semibold">{formatMoney(line.lineTotalCents, locale)}</span>{" "}
          <fetcher.Form method="post" action={to("/cart")} className="ml-auto">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={line.productId} />
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              aria-label={t("cart.removeNamed", { name: line.name })}
              className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 underline hover:bg-slate-100 hover:text-red-800"
            >
              {t("cart.remove")}
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}
