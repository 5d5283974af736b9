import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { memoizedT } from "./i18n.ts";

/**
 * The page's translation function. react-i18next's `useTranslation` subscribes every component to
 * language changes and wraps `t` again on each render, which was about a third of a page's server
 * CPU (docs/performance.md). A page's language never changes while it is shown (the other language
 * is another address, rendered with its own instance), so the instance's own `t`, bound once by
 * i18next and remembering plain messages (memoizedT), is all a component needs.
 */
export function useT() {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useT() needs the I18nextProvider of app/root.tsx above it");
  return memoizedT(context.i18n);
}
