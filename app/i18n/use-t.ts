import { createContext, useContext } from "react";
import type { Translate } from "./i18n.ts";

/** The page's translation function, given by app/root.tsx for the page's language and bundles. */
export const TranslateContext = createContext<Translate | null>(null);

/**
 * For a page sent without scripts (the staff console), the server's own translator with every
 * bundle, given by app/entry.server.tsx: such a page's loaders send no messages, which React
 * Router would only encode for a script that is not there (decision 0081). Null anywhere else,
 * and always in the browser.
 */
export const ServerTranslateContext = createContext<Translate | null>(null);

/**
 * The page's translation function. A page's language never changes while it is shown (the other
 * language is another address, rendered with its own function), so nothing subscribes to changes.
 */
export function useT(): Translate {
  const t = useContext(TranslateContext);
  if (!t) throw new Error("useT() needs the TranslateContext of app/root.tsx above it");
  return t;
}
