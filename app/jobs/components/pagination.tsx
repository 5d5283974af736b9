import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";

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

/** Previous, numbered pages and Next: plain links, so paging works without JavaScript. */
export function Pagination({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const t = useT();
  if (pages <= 1) return null;
  const link = "rounded-lg px-3 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-50";
  return (
    <nav aria-label={t("jobs.list.pages")} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className={link}>
              {t("jobs.list.previous")}
            </Link>
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
              <Link
                to={href(number)}
                aria-label={t("jobs.list.pageNumber", { page: number })}
                aria-current={number === page ? "page" : undefined}
                className={
                  number === page
                    ? `${link} bg-brand-700 text-white ring-brand-700 hover:bg-brand-800`
                    : link
                }
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={href(page + 1)} rel="next" className={link}>
              {t("jobs.list.next")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
