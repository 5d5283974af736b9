import { data, redirect } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import {
  type FormOutcome,
  type FormProblem,
  formAction,
  formFailure,
  retryAfterHeaders,
} from "../../platform/api.ts";
import { CLIENT_IP_HEADER } from "../../platform/config.server.ts";
import { databaseContext, interacEmailContext } from "../../platform/context.ts";
import { AppError, isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { assertMayBeSoldTo } from "../../players/identity.ts";
import {
  addToCart,
  assertAddable,
  readCart,
  removeFromCart,
  setProvince,
  setQuantity,
} from "../../shop/cart.server.ts";
import { openCart } from "../../shop/cart-session.server.ts";
import { placeOrder } from "../../shop/checkout.server.ts";
import {
  CartLineRow,
  CartSummaryPanel,
  CheckoutForm,
  OrderConfirmation,
  OrderHeading,
} from "../../shop/components/cart-view.tsx";
import { orderLinksOf } from "../../shop/order-links.server.ts";
import { cartFormSchema, cartIntentOf, productOf } from "../../shop/schemas.ts";
import type { Order } from "../../shop/types.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import type { Route } from "./+types/cart";

export async function loader({ request, context }: Route.LoaderArgs) {
  assertMayBeSoldTo(await getViewer(request, context));
  const opened = await openCart(request, context, { create: false });
  const cart = await readCart(context.get(databaseContext), opened.cartId);
  const viewer = await getViewer(request, context);
  return data(
    {
      cart,
      prefill: { name: viewer?.name ?? "", email: viewer?.email ?? "" },
      messages: pageMessages(request, "shop"),
    },
    { headers: opened.headers },
  );
}

type ActionResult = {
  intent?: string;
  productId?: number;
  problem?: FormProblem;
  added?: boolean;
  order?: Order;
  /** Where the buyer of `order` sends the e-Transfer. */
  interacEmail?: string;
};

export const headers: Route.HeadersFunction = retryAfterHeaders;

/**
 * The cart's forms: add (from the shop), quantity, remove, province, checkout. Only the cart the
 * request's cookie or account names is ever read or changed, and prices never come from the form.
 */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  assertMayBeSoldTo(await getViewer(request, context));
  const db = context.get(databaseContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  let extra: Pick<ActionResult, "intent" | "productId"> = {};
  let headers = new Headers();
  try {
    const raw = await readRaw(request);
    extra = { intent: cartIntentOf(raw), productId: productOf(raw) };
    const form = await validate(cartFormSchema, raw);
    if (form.intent === "add") await assertAddable(db, form.productId, form.quantity);
    const opened = await openCart(request, context, {
      create: form.intent === "add" || form.intent === "province",
    });
    headers = opened.headers;
    const { cartId } = opened;
    if (!cartId) {
      throw form.intent === "checkout"
        ? new AppError("conflict", { message: "shop.problems.emptyCart" })
        : new AppError("not_found", { message: "shop.problems.notInCart" });
    }
    switch (form.intent) {
      case "add":
        await addToCart(db, cartId, form.productId, form.quantity);
        // Without JavaScript the browser goes to the cart; the page's script stays where it is.
        if (form.via !== "fetch") return redirect(localizedPath("/cart", locale), { headers });
        return data<ActionResult>({ ...extra, added: true }, { headers });
      case "quantity":
        await setQuantity(db, cartId, form.productId, form.quantity);
        break;
      case "remove":
        await removeFromCart(db, cartId, form.productId);
        break;
      case "province":
        await setProvince(db, cartId, form.province);
        break;
      case "checkout": {
        const { intent: _intent, ...buyer } = form;
        const order = await placeOrder(
          db,
          cartId,
          {
            userId: opened.userId,
            locale,
            clientAddress: request.headers.get(CLIENT_IP_HEADER),
          },
          buyer,
          { interacEmail: context.get(interacEmailContext), links: orderLinksOf(context) },
        );
        return data<ActionResult>(
          { ...extra, order, interacEmail: context.get(interacEmailContext) },
          { headers },
        );
      }
    }
    return data<ActionResult>(extra, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // A visitor's new cart keeps its cookie even when what was asked of it failed.
    const failure = formFailure(error, extra);
    const merged = new Headers(failure.init?.headers);
    for (const cookie of headers.getSetCookie()) merged.append("Set-Cookie", cookie);
    return data<ActionResult>(failure.data, { status: failure.init?.status, headers: merged });
  }
});

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { cart, prefill } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const order = result?.order;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>
        {order ? t("shop.order.metaTitle", { number: order.number }) : t("shop.cartPage.metaTitle")}
      </title>
      {order ? (
        <OrderHeading number={order.number} />
      ) : (
        <h1 id="cart-title" className="text-3xl font-bold">
          {t("shop.cartPage.title")}
        </h1>
      )}
      {order ? (
        <div className="mt-6">
          <OrderConfirmation order={order} interacEmail={result?.interacEmail ?? ""} />
        </div>
      ) : cart.lines.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-slate-50 p-8 text-center">
          <p className="text-lg font-semibold">{t("cart.empty")}</p>
          <ButtonLink to={to("/shop")} className="mt-6">
            {t("cart.browse")}
          </ButtonLink>
        </div>
      ) : (
        // The summary holds the province the checkout needs: on a phone it comes before the
        // checkout; on a wide screen it stands beside the lines and the checkout.
        <div className="mt-6 grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
          <ul aria-labelledby="cart-title" className="divide-y divide-slate-200 lg:col-start-1">
            {cart.lines.map((line) => (
              <CartLineRow key={line.productId} line={line} />
            ))}
          </ul>
          <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <CartSummaryPanel cart={cart} />
          </div>
          <div className="lg:col-start-1">
            <CheckoutForm
              cart={cart}
              prefill={prefill}
              problem={result?.intent === "checkout" ? result.problem : undefined}
            />
          </div>
        </div>
      )}
    </div>
  );
}
