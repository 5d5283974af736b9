export const LOCALES = ["en-CA", "fr-CA"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-CA";

/** French pages live under /fr; everything else is English. */
const FRENCH_PREFIX = "/fr";

export function localeFromPath(pathname: string): Locale {
  // React Router fetches a page's data at its path plus ".data" ("/fr" → "/fr.data").
  const path = pathname.replace(/\.data$/, "");
  return path === FRENCH_PREFIX || path.startsWith(`${FRENCH_PREFIX}/`) ? "fr-CA" : "en-CA";
}

/** The path without its language prefix: "/fr/businesses" → "/businesses". */
export function unlocalizedPath(pathname: string): string {
  if (localeFromPath(pathname) === "en-CA") return pathname;
  return pathname.slice(FRENCH_PREFIX.length) || "/";
}

/** The same page in `locale`: localizedPath("/businesses?x=1", "fr-CA") → "/fr/businesses?x=1". */
export function localizedPath(path: string, locale: Locale): string {
  if (locale === "en-CA") return path;
  return path === "/"
    ? FRENCH_PREFIX
    : `${FRENCH_PREFIX}${path.startsWith("?") ? `/${path}` : path}`;
}

export function htmlLang(locale: Locale): string {
  return locale === "fr-CA" ? "fr-CA" : "en-CA";
}
