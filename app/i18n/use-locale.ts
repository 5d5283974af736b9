import { useLocation } from "react-router";
import { type Locale, localeFromPath, localizedPath } from "./locale.ts";

/** The page's language, read from its address so it is right even on error pages. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** Turns a site path into the same path in the page's language. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizedPath(path, locale);
}
