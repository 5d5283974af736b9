import { Link } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { listPlayerOrders } from "../../shop/orders.server.ts";
import { idCursor, ordersQuerySchema } from "../../shop/schemas.ts";
import type { Route } from "./+types/orders";

/** A signed-in player's orders, newest first; a visitor signs in first and comes back. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const { cursor } = await readInput(request, ordersQuerySchema);
  const page = await listPlayerOrders(context.get(databaseContext), viewer.id, cursor ?? null);
  return {
    ...page,
    next: page.next === null ? null : idCursor.encode(page.next),
    messages: pageMessages(request, "shop"),
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { orders, next } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <title>{t("shop.orders.metaTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">{t("shop.orders.heading")}</h1>
      {orders.length === 0 ? (
        <p className="mt-6">{t("shop.orders.empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl ring-1 ring-slate-200">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-2 p-4">
              <div>
                <Link
                  to={to(`/orders/${order.id}`)}
                  className="font-semibold text-brand-800 underline"
                >
                  {t("shop.order.heading", { number: order.number })}
                </Link>
                <p className="text-sm text-slate-700">
                  {t("shop.orders.placed", { date: formatDate(order.createdAt, locale) })}
                </p>
              </div>
              <div className="text-right">
                <p className="font-semibold">
                  {t("shop.orders.status", { status: t(`shop.orders.statuses.${order.status}`) })}
                </p>
                <p className="text-sm text-slate-700">
                  {t("shop.orders.total", { total: formatMoney(order.totalCents, locale) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <p className="mt-6">
          <Link
            to={`?cursor=${next}`}
            rel="next"
            className="font-semibold text-brand-800 underline"
          >
            {t("shop.orders.more")}
          </Link>
        </p>
      )}
    </section>
  );
}
