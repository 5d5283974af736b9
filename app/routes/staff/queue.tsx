import { dateTimeFormat } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext, staffQueueChangesContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { queueQuerySchema, queueView } from "../../staff/queue.server.ts";
import { QUEUE_KINDS } from "../../staff/queue-kinds.server.ts";
import { PageLink } from "../../ui/page-link.tsx";
import type { Route } from "./+types/queue";

const QUEUE_PAGE_SIZE = 25;

/**
 * Everything waiting on a person, every kind with its count, and the waiting items of all kinds
 * (or of `?kind=` alone) merged oldest first, a page at a time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Every console loader checks for itself: a child's loader runs beside the layout's, not after.
  await requireStaff({ request, context });
  const { kind, cursor } = await readInput(request, queueQuerySchema);
  const shown = kind ? QUEUE_KINDS.filter((each) => each.key === kind) : QUEUE_KINDS;
  if (kind && shown.length === 0) throw new AppError("not_found");
  const { counts, page } = await queueView(
    context.get(databaseContext),
    context.get(staffQueueChangesContext),
    {
      kinds: QUEUE_KINDS,
      shown,
      locale: localeFromPath(new URL(request.url).pathname),
      cursor,
      limit: QUEUE_PAGE_SIZE,
    },
  );
  return {
    kinds: QUEUE_KINDS.map((each) => ({
      key: each.key,
      label: each.label,
      count: counts.get(each.key) ?? 0,
    })),
    kind: kind ?? null,
    items: page.items,
    next: page.next,
    paged: cursor !== undefined,
  };
}

export default function StaffQueue({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const { kinds, kind, items, next, paged } = loaderData;
  const base = to("/staff");
  const address = (query: Record<string, string>) => {
    const search = new URLSearchParams({ ...(kind ? { kind } : {}), ...query }).toString();
    return search ? `${base}?${search}` : base;
  };
  const when = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const chip = "block rounded-lg px-3 py-2 ring-1 ring-slate-300 hover:bg-slate-50";
  const current = "aria-[current=page]:bg-brand-800 aria-[current=page]:text-white";
  return (
    <section>
      <title>{t("staff.queue.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.queue.heading")}</h1>
      {kinds.length > 0 && (
        <nav aria-label={t("staff.queue.kindsLabel")} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            <li>
              <PageLink
                to={base}
                aria-current={kind === null ? "page" : undefined}
                className={`${chip} ${current}`}
              >
                {t("staff.queue.all")}
              </PageLink>
            </li>
            {kinds.map((each) => (
              <li key={each.key}>
                <PageLink
                  to={`${base}?kind=${each.key}`}
                  aria-current={kind === each.key ? "page" : undefined}
                  className={`${chip} ${current}`}
                >
                  {t(each.label, { count: each.count })}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {items.length === 0 ? (
        <p className="mt-6">{t("staff.queue.empty")}</p>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`} className="p-4">
              <PageLink to={to(item.href)} className="font-semibold text-brand-800 underline">
                {item.title}
              </PageLink>
              {item.detail && <p className="mt-1 text-slate-700">{item.detail}</p>}
              <p className="mt-1 text-sm text-slate-600">
                {t("staff.queue.waitingSince", { at: when.format(new Date(item.waitingSince)) })}
              </p>
            </li>
          ))}
        </ol>
      )}
      {(next || paged) && (
        <nav aria-label={t("staff.queue.pages")} className="mt-6 flex flex-wrap gap-3">
          {next && (
            <PageLink to={address({ cursor: next })} rel="next" className={chip}>
              {t("staff.queue.next")}
            </PageLink>
          )}
          {paged && (
            <PageLink to={address({})} className={chip}>
              {t("staff.queue.first")}
            </PageLink>
          )}
        </nav>
      )}
    </section>
  );
}
