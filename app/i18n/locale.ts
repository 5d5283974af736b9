export const LOCALES = ["en-CA", "fr-CA"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-CA";

/** A text in each of the site's languages. */
export type LocalizedText = Record<Locale, string>;

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
  // The French home is "/fr": its query or fragment follows at once ("/fr?notice=…").
  if (path === "/" || /^\/[?#]/.test(path)) return `${FRENCH_PREFIX}${path.slice(1)}`;
  return `${FRENCH_PREFIX}${path.startsWith("?") ? `/${path}` : path}`;
}

export function htmlLang(locale: Locale): string {
  return locale === "fr-CA" ? "fr-CA" : "en-CA";
}

/**
 * The language to answer a request in: the page's own (its path), and for the JSON API, which has
 * no /fr addresses, the client's Accept-Language (French when it prefers any French).
 */
export function localeFromRequest(request: Request): Locale {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/")) return localeFromPath(pathname);
  return preferredLocale(request.headers.get("accept-language"));
}

/** The first of our languages in an Accept-Language list, by quality; English when none matches. */
function preferredLocale(header: string | null): Locale {
  const ranked = (header ?? "")
    .split(",")
    .slice(0, 20)
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = Number(
        params
          .find((param) => param.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === "fr" || tag.startsWith("fr-")) return "fr-CA";
    if (tag === "en" || tag.startsWith("en-")) return "en-CA";
  }
  return DEFAULT_LOCALE;
}
