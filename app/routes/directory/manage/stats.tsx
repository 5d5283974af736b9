import { getViewer } from "../../../auth/session.server.ts";
import { StatsChart } from "../../../directory/components/stats-chart.tsx";
import { requireBusinessManager } from "../../../directory/owners.server.ts";
import { parseBusinessId } from "../../../directory/search.ts";
import { weeklyStats } from "../../../directory/stats.server.ts";
import { addDays, STAT_KINDS } from "../../../directory/stats.ts";
import { formatDayRange, formatNumber } from "../../../i18n/format.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { databaseContext } from "../../../platform/context.ts";
import { AppError } from "../../../platform/errors.ts";
import type { Route } from "./+types/stats";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await requireBusinessManager(db, await getViewer(request, context), businessId, request);
  return {
    weeks: await weeklyStats(db, businessId),
    messages: pageMessages(request, "manage"),
  };
}

/** How the listing is found: the last 12 weeks as a chart, and the same figures in a table. */
export default function ManageStats({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { weeks } = loaderData;
  const total = (kind: (typeof STAT_KINDS)[number]) =>
    weeks.reduce((sum, week) => sum + week[kind], 0);
  return (
    <section aria-labelledby="stats-heading">
      <title>{t("manage.stats.metaTitle")}</title>
      <h2 id="stats-heading" className="text-xl font-bold">
        {t("manage.stats.heading")}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-800">{t("manage.stats.intro")}</p>
      <StatsChart weeks={weeks} />
      {/* Scrolls sideways on a phone: reachable by keyboard, and named by its caption. */}
      <section
        className="mt-8 overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus.
        tabIndex={0}
        aria-labelledby="stats-table-caption"
      >
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption id="stats-table-caption" className="mb-2 text-left text-lg font-semibold">
            {t("manage.stats.tableCaption")}
          </caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                {t("manage.stats.week")}
              </th>
              {STAT_KINDS.map((kind) => (
                <th key={kind} scope="col" className="py-2 pr-4 text-right">
                  {t(`manage.stats.kinds.${kind}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.startsOn} className="border-b border-slate-200">
                <th scope="row" className="whitespace-nowrap py-2 pr-4 font-normal">
                  {formatDayRange(week.startsOn, addDays(week.startsOn, 6), locale)}
                </th>
                {STAT_KINDS.map((kind) => (
                  <td key={kind} className="py-2 pr-4 text-right tabular-nums">
                    {formatNumber(week[kind], locale)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-4">
                {t("manage.stats.total")}
              </th>
              {STAT_KINDS.map((kind) => (
                <td key={kind} className="py-2 pr-4 text-right tabular-nums">
                  {formatNumber(total(kind), locale)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </section>
      <p className="mt-4 max-w-3xl text-sm text-slate-700">{t("manage.stats.privacy")}</p>
    </section>
  );
}
