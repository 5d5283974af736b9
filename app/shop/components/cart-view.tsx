import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { formatMoney, formatPercent } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { EmailField, TextField } from "../../ui/text-field.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { useProvinceOptions } from "../../ui/use-province-options.ts";
import { rateFraction, type TaxLine } from "../tax.ts";
import { MAX_QUANTITY } from "../totals.ts";
import type { Cart, CartLine, Order } from "../types.ts";

/** The checkout form's own fields; the province is chosen above it, for the taxes. */
const CHECKOUT_FIELDS = ["name", "email", "address", "city", "postalCode"] as const;

type Result = { problem?: FormProblem; intent?: string; productId?: number };

const control = "rounded-lg border border-slate-300 bg-white px-3 py-2.5";
const secondaryButton =
  "rounded-lg px-4 py-2 font-semibold ring-1 ring-slate-300 hover:bg-slate-50";

/**
 * One line of the cart: its quantity (1 to 10, within the stock) and its removal, each a small
 * form of its own. With JavaScript a new quantity is sent as soon as it is chosen; without, with
 * the Update button beside it.
 */
export function CartLineRow({ line }: { line: CartLine }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const hydrated = useHydrated();
  const quantity = useFetcher<Result>();
  const remove = useFetcher<Result>();
  const problem = quantity.data?.problem ?? remove.data?.problem;
  const name = line.name[locale];
  const most = Math.max(line.quantity, Math.min(MAX_QUANTITY, line.stock));
  const id = `line-${line.productId}-quantity`;
  return (
    <li className="flex flex-col gap-3 py-5 sm:flex-row sm:items-center">
      <img
        src={line.image}
        alt=""
        width="80"
        height="80"
        className="size-20 shrink-0 rounded-xl bg-slate-50 ring-1 ring-slate-200"
      />
      <div className="min-w-0 flex-1">
        <Link to={to(`/shop/${line.productId}`)} className="font-semibold hover:underline">
          {name}
        </Link>
        <p className="text-sm text-slate-600">
          {t("cart.each", { price: formatMoney(line.unitPriceCents, locale) })}
        </p>
        {line.taxClass === "zero-rated" && (
          <p className="text-sm text-slate-600">{t("shop.item.zeroRated")}</p>
        )}
        {line.quantity > line.stock && (
          <p className="text-sm font-semibold text-red-800">
            {line.stock === 0
              ? t("shop.problems.soldOut")
              : t("shop.problems.notEnoughStock", { count: line.stock })}
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {t(problem.message, problem.values)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <quantity.Form method="post" action={to("/cart")} className="flex items-end gap-2">
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="productId" value={line.productId} />
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium text-slate-700">
              {t("shop.item.quantity")}
              <span className="sr-only"> ({name})</span>
            </label>
            <select
              id={id}
              name="quantity"
              defaultValue={line.quantity}
              key={line.quantity}
              className={control}
              onChange={(event) => {
                if (hydrated) quantity.submit(event.currentTarget.form);
              }}
            >
              {Array.from({ length: most }, (_, index) => index + 1).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
          {!hydrated && (
            <button type="submit" className={secondaryButton}>
              {t("shop.cartPage.update")}
            </button>
          )}
        </quantity.Form>
        <remove.Form method="post" action={to("/cart")}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={line.productId} />
          <button
            type="submit"
            aria-label={t("cart.removeNamed", { name })}
            className="rounded-lg px-3 py-2.5 font-medium text-slate-700 underline hover:text-red-800"
          >
            {t("cart.remove")}
          </button>
        </remove.Form>
        <p className="w-24 text-right font-semibold">{formatMoney(line.lineTotalCents, locale)}</p>
      </div>
    </li>
  );
}

/** Province or territory (which decides the tax), subtotal, each tax and total, in CAD. */
/** A row per tax component, named with its rate: the cart's, and the order's as charged. */
function TaxRows({ taxes }: { taxes: TaxLine[] }) {
  const t = useT();
  const locale = useLocale();
  return taxes.map((tax) => (
    <div key={tax.kind} className="flex justify-between">
      <dt>
        {t("shop.cartPage.tax", {
          kind: t(`shop.taxKinds.${tax.kind}`),
          rate: formatPercent(rateFraction(tax.rate), locale),
        })}
      </dt>
      <dd>{formatMoney(tax.cents, locale)}</dd>
    </div>
  ));
}

export function CartSummaryPanel({ cart }: { cart: Cart }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const hydrated = useHydrated();
  const provinces = useProvinceOptions();
  const fetcher = useFetcher<Result>();
  const select = useRef<HTMLSelectElement>(null);
  // A province chosen before the JavaScript ran is sent once it runs: its Update button is gone
  // by then, and the change event it fired found no handler.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page becomes interactive.
  useEffect(() => {
    const chosen = select.current;
    if (hydrated && chosen?.value && chosen.value !== (cart.province ?? ""))
      fetcher.submit(chosen.form);
  }, [hydrated]);
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <section
      aria-labelledby="summary"
      className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200"
    >
      <h2 id="summary" className="text-xl font-bold">
        {t("shop.cartPage.summary")}
      </h2>
      <fetcher.Form method="post" action={to("/cart")} className="mt-4 flex flex-col gap-1">
        <input type="hidden" name="intent" value="province" />
        <label htmlFor="cart-province" className="font-medium">
          {t("shop.cartPage.province")}
        </label>
        <p id="cart-province-hint" className="text-sm text-slate-600">
          {t("shop.cartPage.provinceHint")}
        </p>
        <div className="flex flex-wrap gap-2">
          <select
            ref={select}
            id="cart-province"
            name="province"
            aria-describedby="cart-province-hint"
            defaultValue={cart.province ?? ""}
            key={cart.province ?? ""}
            className={`${control} flex-1`}
            onChange={(event) => {
              if (hydrated && event.currentTarget.value) fetcher.submit(event.currentTarget.form);
            }}
          >
            <option value="" disabled>
              {t("shop.cartPage.chooseProvince")}
            </option>
            {provinces.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          {!hydrated && (
            <button type="submit" className={secondaryButton}>
              {t("shop.cartPage.updateTaxes")}
            </button>
          )}
        </div>
      </fetcher.Form>
      <dl className="mt-6 space-y-2">
        <div className="flex justify-between">
          <dt>{t("shop.cartPage.subtotal")}</dt>
          <dd>{money(cart.subtotalCents)}</dd>
        </div>
        {cart.taxes.length === 0 ? (
          <div className="text-sm text-slate-600">
            <dt>{t("shop.cartPage.taxPending")}</dt>
          </div>
        ) : (
          <TaxRows taxes={cart.taxes} />
        )}
        <div className="flex justify-between border-t border-slate-300 pt-2 text-lg font-bold">
          <dt>{t("shop.cartPage.total")}</dt>
          <dd>{money(cart.totalCents)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-600">{t("shop.cartPage.currency")}</p>
    </section>
  );
}

/**
 * Who buys and where the order goes. Placing it takes no payment (there is no payment provider
 * yet), and the form says so before the button.
 */
export function CheckoutForm({
  cart,
  prefill,
  problem,
}: {
  cart: Cart;
  prefill: { name: string; email: string };
  problem?: FormProblem;
}) {
  const t = useT();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { form, field, message, alert } = useFormProblem(
    problem,
    "checkout-problem",
    CHECKOUT_FIELDS,
  );
  return (
    <section aria-labelledby="checkout">
      <h2 id="checkout" className="text-2xl font-bold">
        {t("shop.checkout.title")}
      </h2>
      <Form method="post" action={to("/cart")} className="mt-4 flex flex-col gap-4" ref={form}>
        <input type="hidden" name="intent" value="checkout" />
        {alert}
        <TextField
          id="checkout-name"
          name="name"
          label={t("shop.checkout.name")}
          autoComplete="name"
          defaultValue={prefill.name}
          maxLength={100}
          required
          {...field("name")}
          problem={message("name")}
        />
        <EmailField
          id="checkout-email"
          name="email"
          label={t("shop.checkout.email")}
          defaultValue={prefill.email}
          {...field("email")}
          problem={message("email")}
        />
        <TextField
          id="checkout-address"
          name="address"
          label={t("shop.checkout.address")}
          autoComplete="address-line1"
          maxLength={200}
          required
          {...field("address")}
          problem={message("address")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="checkout-city"
            name="city"
            label={t("shop.checkout.city")}
            autoComplete="address-level2"
            maxLength={100}
            required
            {...field("city")}
            problem={message("city")}
          />
          <TextField
            id="checkout-postal-code"
            name="postalCode"
            label={t("shop.checkout.postalCode")}
            hint={t("shop.checkout.postalCodeHint")}
            autoComplete="postal-code"
            maxLength={7}
            required
            {...field("postalCode")}
            problem={message("postalCode")}
          />
        </div>
        <p className="text-slate-700">
          {cart.province
            ? t("shop.checkout.shipsTo", { province: t(`provinces.${cart.province}`) })
            : t("shop.checkout.chooseProvinceFirst")}
        </p>
        <p className="rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          {t("shop.checkout.noPayment")}
        </p>
        <button
          type="submit"
          disabled={busy || !cart.province}
          className={`${primaryButton} self-start disabled:opacity-60`}
        >
          {busy ? t("shop.checkout.placing") : t("shop.checkout.placeOrder")}
        </button>
      </Form>
    </section>
  );
}

/** "Order NB-000042", the number kept on one line: browsers may break a line after a hyphen. */
export function OrderHeading({ number }: { number: string }) {
  const t = useT();
  // The message decides where the number goes; it is rendered apart to be kept whole.
  const [before, after] = t("shop.order.heading", { number: "\u0000" }).split("\u0000");
  return (
    <h1 className="text-3xl font-bold">
      {before}
      <span className="whitespace-nowrap">{number}</span>
      {after}
    </h1>
  );
}

/**
 * The placed order: that it waits for an Interac e-Transfer (where, how much, with which number),
 * and the e-mail sent, then its lines and totals as
 * charged (the page's heading is the order's number: see OrderHeading).
 */
export function OrderConfirmation({ order, interacEmail }: { order: Order; interacEmail: string }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
      <section
        role="status"
        aria-labelledby="order-title"
        className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 lg:col-start-2"
      >
        <h2 id="order-title" className="text-2xl font-bold text-brand-900">
          {t("shop.order.title")}
        </h2>
        <p className="mt-2 font-semibold">{t("shop.order.status")}</p>
        <p className="mt-2">
          {t("shop.order.noPayment", {
            amount: money(order.totalCents),
            interacEmail,
            number: order.number,
          })}
        </p>
        <p className="mt-4">{t("shop.order.emailSent", { email: order.email })}</p>
        <Link to={to("/shop")} className={`${primaryButton} mt-6 inline-block`}>
          {t("shop.order.continue")}
        </Link>
      </section>
      <OrderItems order={order} className="lg:col-start-1 lg:row-start-1" />
    </div>
  );
}

/** An order's lines and totals as charged, each tax component with its rate. */
export function OrderItems({
  order,
  className = "",
}: {
  order: Pick<Order, "lines" | "subtotalCents" | "taxes" | "totalCents">;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <section aria-labelledby="order-items" className={className}>
      <h2 id="order-items" className="text-xl font-bold">
        {t("shop.order.items")}
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {order.lines.map((line) => (
          <li
            key={line.name[locale]}
            className="flex flex-wrap items-baseline justify-between gap-x-4 py-3"
          >
            <div className="min-w-0">
              <p className="font-semibold">{line.name[locale]}</p>
              <p className="text-sm text-slate-600">
                {line.quantity} × {money(line.unitPriceCents)}
              </p>
              {line.taxClass === "zero-rated" && (
                <p className="text-sm text-slate-600">{t("shop.item.zeroRated")}</p>
              )}
            </div>
            <p className="font-semibold">{money(line.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-300 pt-3">
        <div className="flex justify-between">
          <dt>{t("shop.cartPage.subtotal")}</dt>
          <dd>{money(order.subtotalCents)}</dd>
        </div>
        <TaxRows taxes={order.taxes} />
        <div className="flex justify-between text-lg font-bold">
          <dt>{t("shop.cartPage.total")}</dt>
          <dd>{money(order.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
