import { useLocation, useMatches } from "react-router";
import { LOCALES, type Locale, localeFromPath, localizedPath, unlocalizedPath } from "./locale.ts";

/** The page's language, read from its address so it is right even on error pages. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** Turns a site path into the same path in the page's language. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizedPath(path, locale);
}

/** The address of the page in each language. */
export type Alternates = Record<Locale, string>;

/**
 * Where this page lives in each language: the same path under /fr, unless the page's loader says
 * otherwise by returning `alternates` (a blog post has a slug per language).
 */
export function useAlternates(): Alternates {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  for (const match of [...matches].reverse()) {
    const own = (match.loaderData as { alternates?: Alternates } | undefined)?.alternates;
    if (own) return own;
  }
  const samePage = `${unlocalizedPath(pathname)}${search}`;
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, localizedPath(samePage, locale)]),
  ) as Alternates;
}
