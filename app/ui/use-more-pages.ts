import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";

/**
 * A list that grows by pages: the loader's first page, then each page `load(href)` fetches through
 * the same loader (the page's `useFetcher<typeof loader>()`, so its data is typed), appended. Once a page arrives, the focus moves to its first item (found by
 * `firstItemSelector`), so keyboard and screen-reader users continue from there.
 */
export function useMorePages<Page extends { items: unknown[]; nextCursor: string | null }, Data>(
  first: Page,
  fetcher: FetcherWithComponents<Data>,
  pageOf: (data: NoInfer<Data>) => Page | null | undefined,
  firstItemSelector: (page: Page) => string,
) {
  const [pages, setPages] = useState<Page[]>([first]);
  const fetched = fetcher.data === undefined ? undefined : pageOf(fetcher.data);

  useEffect(() => {
    if (fetcher.state === "idle" && fetched) {
      setPages((current) => (current.includes(fetched) ? current : [...current, fetched]));
    }
  }, [fetcher.state, fetched]);

  const lastPage = pages.at(-1) ?? first;
  // Read when a page is appended, not on every render: the focus moves once per page.
  const focusTarget = useRef("");
  focusTarget.current = lastPage.items.length > 0 ? firstItemSelector(lastPage) : "";
  useEffect(() => {
    if (pages.length < 2 || !focusTarget.current) return;
    document.querySelector<HTMLElement>(focusTarget.current)?.focus();
  }, [pages.length]);

  const loading = fetcher.state !== "idle";
  return {
    items: pages.flatMap((page) => page.items) as Page["items"],
    nextCursor: lastPage.nextCursor,
    loading,
    load: (href: string) => {
      if (!loading) fetcher.load(href);
    },
  };
}
