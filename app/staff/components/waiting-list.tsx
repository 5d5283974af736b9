import type { MessageKey } from "../../i18n/i18n.ts";
import { useT } from "../../i18n/use-t.ts";
import { PageLink } from "../../ui/page-link.tsx";

/**
 * A console list of rows waiting on staff, oldest first: each row's link and its details, and a
 * link to the older ones when there are more (`?after=`, a position the list made).
 */
export function WaitingList({
  rows,
  next,
  labels,
}: {
  rows: { id: number; href: string; title: string; details: string[] }[];
  next: string | null;
  labels: { metaTitle: MessageKey; heading: MessageKey; empty: MessageKey; next: MessageKey };
}) {
  const t = useT();
  return (
    <section>
      <title>{t(labels.metaTitle)}</title>
      <h1 className="text-2xl font-bold">{t(labels.heading)}</h1>
      {rows.length === 0 ? (
        <p className="mt-4">{t(labels.empty)}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3">
              <PageLink to={row.href} className="font-semibold text-brand-700 underline">
                {row.title}
              </PageLink>
              {row.details.map((detail) => (
                <span key={detail}>{detail}</span>
              ))}
            </li>
          ))}
        </ul>
      )}
      {next && (
        <p className="mt-4">
          <PageLink to={`?after=${next}`} className="font-semibold text-brand-700 underline">
            {t(labels.next)}
          </PageLink>
        </p>
      )}
    </section>
  );
}
