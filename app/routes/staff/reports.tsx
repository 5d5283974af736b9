import { formatDate } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { validate } from "../../platform/input.server.ts";
import { pageOf } from "../../platform/query.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { encodePosition, type ListPosition, reportsPageSchema } from "../../staff/report-form.ts";
import type { ReportedKind } from "../../staff/reported-kinds.ts";
import { listHidden, listOpenItems, reportReasonLabel } from "../../staff/reports.server.ts";
import { PageLink } from "../../ui/page-link.tsx";
import type { Route } from "./+types/reports";

/** Items a list page shows at a time. */
const PAGE = 20;

/** The cursor of the page after these items: the last one's position. */
const positionOf = (last: { position: ListPosition }) => encodePosition(last.position);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  // Every console loader checks for itself: a child's loader runs beside the layout's, not after.
  await requireStaff({ request, context });
  const db = context.get(databaseContext);
  const locale = localeFromPath(url.pathname);
  const page = await validate(reportsPageSchema, {
    open: url.searchParams.get("open") ?? undefined,
    hidden: url.searchParams.get("hidden") ?? undefined,
  });
  const [open, hidden] = await Promise.all([
    listOpenItems(db, locale, page.open ?? null, PAGE + 1),
    listHidden(db, locale, page.hidden ?? null, PAGE + 1),
  ]);
  const openShown = pageOf(open, PAGE, positionOf);
  const hiddenShown = pageOf(hidden, PAGE, positionOf);
  return {
    open: openShown.items.map((item) => ({
      kind: item.kind,
      id: item.id,
      title: item.title,
      since: item.since.toISOString(),
      count: item.count,
      reasons: item.reasons
        .map((reason) => reportReasonLabel(locale, item.kind, reason))
        .join(", "),
    })),
    openNext: openShown.next,
    hidden: hiddenShown.items.map((item) => ({
      kind: item.kind,
      id: item.id,
      title: item.title,
      hiddenAt: item.hiddenAt.toISOString(),
      reason: item.reason,
    })),
    hiddenNext: hiddenShown.next,
    paged: page.open !== undefined || page.hidden !== undefined,
  };
}

const more = "font-semibold text-brand-800 underline";

/** One reported thing in a list, open or hidden: its title to its page, then what the list says of it. */
function ReportedItem({
  item,
  lines,
}: {
  item: { kind: ReportedKind; id: number; title: string };
  lines: string[];
}) {
  const to = useLocalizedPath();
  return (
    <li className="flex flex-col gap-1 rounded-lg p-3 ring-1 ring-slate-300">
      <PageLink
        to={to(`/staff/reports/${item.kind}/${item.id}`)}
        className="font-semibold break-words text-brand-800 underline"
      >
        {item.title}
      </PageLink>
      {lines.map((line) => (
        <span key={line} className="text-sm text-slate-700">
          {line}
        </span>
      ))}
    </li>
  );
}

export default function StaffReports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { open, hidden, openNext, hiddenNext, paged } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <title>{t("staff.reports.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.reports.heading")}</h1>
      <section aria-labelledby="open-reports">
        <h2 id="open-reports" className="text-xl font-bold">
          {t("staff.reports.openHeading")}
        </h2>
        {open.length === 0 ? (
          <p className="mt-2">{t("staff.reports.openEmpty")}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2">
            {open.map((item) => (
              <ReportedItem
                key={`${item.kind}-${item.id}`}
                item={item}
                lines={[
                  t("staff.reports.tally", { count: item.count, reasons: item.reasons }),
                  t("staff.reports.since", { date: formatDate(item.since, locale) }),
                ]}
              />
            ))}
          </ul>
        )}
        {openNext && (
          <p className="mt-3">
            <PageLink to={`?${new URLSearchParams({ open: openNext })}`} className={more}>
              {t("staff.reports.more")}
            </PageLink>
          </p>
        )}
      </section>
      <section aria-labelledby="hidden-items">
        <h2 id="hidden-items" className="text-xl font-bold">
          {t("staff.reports.hiddenHeading")}
        </h2>
        {hidden.length === 0 ? (
          <p className="mt-2">{t("staff.reports.hiddenEmpty")}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2">
            {hidden.map((item) => (
              <ReportedItem
                key={`${item.kind}-${item.id}`}
                item={item}
                lines={[
                  t("staff.reports.hiddenOn", {
                    date: formatDate(item.hiddenAt, locale),
                    reason: t(`moderation.reasons.${item.reason}`),
                  }),
                ]}
              />
            ))}
          </ul>
        )}
        {hiddenNext && (
          <p className="mt-3">
            <PageLink to={`?${new URLSearchParams({ hidden: hiddenNext })}`} className={more}>
              {t("staff.reports.more")}
            </PageLink>
          </p>
        )}
      </section>
      {paged && (
        <p>
          <PageLink to={to("/staff/reports")} className={more}>
            {t("staff.reports.first")}
          </PageLink>
        </p>
      )}
    </div>
  );
}
