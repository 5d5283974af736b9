import { Link } from "react-router";
import { z } from "zod";
import { formatDate, formatNumber } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { pendingRedeemRequests } from "../../players/staff.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { afterParameter, positionCodec, STAFF_PAGE_SIZE } from "../../staff/position.ts";
import type { Route } from "./+types/redeem";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { after } = await readInput(request, z.object({ after: afterParameter }));
  const locale = localeFromPath(new URL(request.url).pathname);
  const rows = await pendingRedeemRequests(context.get(databaseContext), {
    after: after ?? null,
    limit: STAFF_PAGE_SIZE + 1,
  });
  const shown = rows.slice(0, STAFF_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    requests: shown.map((row) => ({
      id: row.id,
      goal: row.goal[locale],
      cost: row.cost,
      handle: row.handle,
      createdAt: row.createdAt.toISOString(),
    })),
    next:
      rows.length > STAFF_PAGE_SIZE && last
        ? positionCodec.encode({ at: last.createdAt, id: last.id })
        : null,
    messages: pageMessages(request, "staff"),
  };
}

export default function StaffRedeem({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { requests, next } = loaderData;
  return (
    <section>
      <title>{t("staff.redeem.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.redeem.heading")}</h1>
      {requests.length === 0 ? (
        <p className="mt-4">{t("staff.redeem.empty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {requests.map((request) => (
            <li
              key={request.id}
              className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3"
            >
              <Link
                to={to(`/staff/redeem/${request.id}`)}
                className="font-semibold text-brand-700 underline"
              >
                {t("staff.redeem.title", { id: request.id, goal: request.goal })}
              </Link>
              <span>
                {t("staff.redeem.points", { points: formatNumber(request.cost, locale) })}
              </span>
              <span>{request.handle}</span>
              <span className="text-slate-700">
                {t("staff.redeem.waiting", { date: formatDate(request.createdAt, locale) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <p className="mt-4">
          <Link to={`?after=${next}`} className="font-semibold text-brand-700 underline">
            {t("staff.redeem.next")}
          </Link>
        </p>
      )}
    </section>
  );
}
