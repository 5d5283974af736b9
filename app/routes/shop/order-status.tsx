import { Link } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { formatMoney } from "../../i18n/format.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext, interacEmailContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { OrderItems } from "../../shop/components/cart-view.tsx";
import { OrderSteps } from "../../shop/components/order-steps.tsx";
import { isOrderToken, orderLinksOf } from "../../shop/order-links.server.ts";
import { readOrder } from "../../shop/orders.server.ts";
import { orderStatusQuerySchema } from "../../shop/schemas.ts";
import type { Route } from "./+types/order-status";

const ORDER_ID = /^[1-9]\d{0,8}$/;

/**
 * An order's status page: its buyer's, signed in (the owner is part of the query), or anyone
 * holding the signed link from the order's e-mails (`?t=`), without signing in. Any other order,
 * or a wrong token, is the site's 404.
 */
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  if (!ORDER_ID.test(params.id)) throw new AppError("not_found");
  const id = Number(params.id);
  const { t: token } = await readInput(request, orderStatusQuerySchema);
  const db = context.get(databaseContext);
  let order: Awaited<ReturnType<typeof readOrder>>;
  if (token !== undefined) {
    if (!isOrderToken(id, token, orderLinksOf(context).secret)) throw new AppError("not_found");
    order = await readOrder(db, id, "any");
  } else {
    const viewer = await requireViewer({ request, context, url });
    order = await readOrder(db, id, { userId: viewer.id });
  }
  if (!order) throw new AppError("not_found");
  const { userId: _userId, paymentReference: _payment, refundReference: _refund, ...shown } = order;
  return {
    order: shown,
    interacEmail: context.get(interacEmailContext),
    signedIn: token === undefined,
    messages: pageMessages(request, "shop"),
  };
}

/** The page answers for one buyer: no shared cache may keep it, the visitors' page cache included. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { order, interacEmail, signedIn } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>{t("shop.orders.statusMetaTitle", { number: order.number })}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <h1 className="text-3xl font-bold">{t("shop.order.heading", { number: order.number })}</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section
          aria-labelledby="order-progress"
          className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 lg:col-start-2"
        >
          <h2 id="order-progress" className="text-xl font-bold text-brand-900">
            {t("shop.orders.progress")}
          </h2>
          <p className="mt-2 font-semibold">
            {t("shop.orders.status", { status: t(`shop.orders.statuses.${order.status}`) })}
          </p>
          {order.status === "awaiting_payment" && (
            <p className="mt-2">
              {t("shop.order.noPayment", {
                amount: formatMoney(order.totalCents, locale),
                interacEmail,
                number: order.number,
              })}
            </p>
          )}
          <div className="mt-4">
            <OrderSteps steps={order.steps} />
          </div>
          {signedIn && (
            <p className="mt-6">
              <Link to={to("/orders")} className="font-semibold text-brand-800 underline">
                {t("shop.orders.all")}
              </Link>
            </p>
          )}
        </section>
        <OrderItems order={order} className="lg:col-start-1 lg:row-start-1" />
      </div>
    </div>
  );
}
