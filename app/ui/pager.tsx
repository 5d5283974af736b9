import { formatNumber } from "../i18n/format.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";
import { PageLink } from "./page-link.tsx";

/** The pages shown around the current one: first, last, and two on each side, gaps as null. */
function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = [
    ...new Set([1, current - 2, current - 1, current, current + 1, current + 2, pages]),
  ]
    .filter((page) => page >= 1 && page <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((page, index) => {
    const previous = shown[index - 1];
    return previous !== undefined && page - previous > 1 ? [null, page] : [page];
  });
}

/**
 * The one pager of numbered lists (jobs, leaderboard): Previous, the pages around the current one
 * and Next, as plain links, so paging works without JavaScript. `label` names the list it pages.
 */
export function Pager({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (pages <= 1) return null;
  const link = "rounded-lg px-3 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-50";
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <PageLink to={href(page - 1)} rel="prev" className={link}>
              {t("pager.previous")}
            </PageLink>
          </li>
        )}
        {pageWindow(page, pages).map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={number}>
              <PageLink
                to={href(number)}
                aria-label={t("pager.page", { page: formatNumber(number, locale) })}
                aria-current={number === page ? "page" : undefined}
                className={
                  number === page
                    ? `${link} bg-brand-700 text-white ring-brand-700 hover:bg-brand-800`
                    : link
                }
              >
                {formatNumber(number, locale)}
              </PageLink>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <PageLink to={href(page + 1)} rel="next" className={link}>
              {t("pager.next")}
            </PageLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
