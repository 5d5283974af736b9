import { useRouteLoaderData } from "react-router";

/**
 * Whether the page may show what sells (a promotion, products, plans): not while a child under 14
 * is signed in (mayBeSoldTo in app/players/identity.ts, read by the root loader). Pages a visitor
 * gets from the page cache are visitors' pages, so a child, who always sends a session cookie,
 * never gets one rendered for someone else.
 */
export function useForSale(): boolean {
  const root = useRouteLoaderData("root") as { forSale?: boolean } | undefined;
  return root?.forSale !== false;
}

/** Its children only where the page may show what sells (useForSale). */
export function ForSale({ children }: { children: React.ReactNode }) {
  return useForSale() ? children : null;
}
