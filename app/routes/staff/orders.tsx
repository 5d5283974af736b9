import { Form } from "react-router";
import { formatDate, formatMoney, formatNumber } from "../../i18n/format.ts";
import { pageMessagesWithScripts } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { ORDER_STATUSES } from "../../shop/order-states.ts";
import {
  orderCursor,
  SHORT_SEARCH_WINDOW,
  searchOrders,
  staffOrderQuerySchema,
} from "../../shop/staff.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every console loader checks for itself: a child's loader runs beside the layout's, not after.
  await requireStaff({ request, context });
  const form = await readInput(request, staffOrderQuerySchema, { stripUnsafeText: true });
  const page = await searchOrders(context.get(databaseContext), {
    q: form.q,
    status: form.status ?? null,
    before: form.cursor ?? null,
  });
  const more = new URLSearchParams({ q: form.q, status: form.status ?? "" });
  if (page.next !== null) more.set("cursor", orderCursor.encode(page.next));
  return {
    q: form.q,
    status: form.status ?? "",
    orders: page.orders,
    shortWindow: page.short ? SHORT_SEARCH_WINDOW : null,
    next: page.next === null ? null : `?${more}`,
    messages: pageMessagesWithScripts({ request, context }, "shop"),
  };
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { q, status, orders, shortWindow, next } = loaderData;
  return (
    <section>
      <title>{t("staff.orders.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.orders.heading")}</h1>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <TextField
          id="order-q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={q}
          label={t("staff.orders.search")}
          className="min-w-64 flex-1"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="order-status" className="font-medium text-slate-800">
            {t("staff.orders.status")}
          </label>
          <select
            id="order-status"
            name="status"
            defaultValue={status}
            className="rounded-lg border border-slate-300 px-3 py-3"
          >
            <option value="">{t("staff.orders.anyStatus")}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`shop.orders.statuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          {t("staff.orders.submit")}
        </button>
      </Form>
      {shortWindow !== null && (
        <p className="mt-4 text-slate-700">
          {t("staff.orders.shortSearch", { orders: formatNumber(shortWindow, locale) })}
        </p>
      )}
      {orders.length === 0 ? (
        <p className="mt-6">{t("staff.orders.empty")}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{t("staff.orders.results")}</caption>
            <thead className="border-b border-slate-300 text-sm">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  {t("staff.orders.columns.number")}
                </th>
                {/* On a phone the number, buyer, status and total fit; the day waits for the order's page. */}
                <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
                  {t("staff.orders.columns.placed")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("staff.orders.columns.buyer")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("staff.orders.columns.status")}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t("staff.orders.columns.total")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className="py-2 pr-4">
                    <PageLink
                      to={to(`/staff/orders/${order.id}`)}
                      className="font-semibold whitespace-nowrap text-brand-800 underline"
                    >
                      {order.number}
                    </PageLink>
                  </td>
                  <td className="hidden py-2 pr-4 sm:table-cell">
                    {formatDate(order.createdAt, locale)}
                  </td>
                  <td className="py-2 pr-4">{order.name}</td>
                  <td className="py-2 pr-4">{t(`shop.orders.statuses.${order.status}`)}</td>
                  <td className="py-2 text-right whitespace-nowrap">
                    {formatMoney(order.totalCents, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <p className="mt-6">
          <PageLink to={next} rel="next" className="font-semibold text-brand-800 underline">
            {t("staff.orders.more")}
          </PageLink>
        </p>
      )}
    </section>
  );
}
