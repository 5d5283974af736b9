import i18next, { type i18n } from "i18next";
import type { Locale } from "./locale.ts";

export type Messages = Record<string, unknown>;

/** One i18next instance for one locale's messages, ready to render synchronously on both sides. */
export function createI18n(locale: Locale, messages: Messages): i18n {
  const instance = i18next.createInstance({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance.init();
  return instance;
}
