import i18next, { type i18n, type ParseKeys } from "i18next";
import type { Locale } from "./locale.ts";

export type Messages = Record<string, unknown>;

/** Any key of the site's messages (typed from the English files by i18next.d.ts). */
export type MessageKey = ParseKeys<"translation">;

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

const instances = new Map<string, i18n>();

/**
 * The instance for a language and a set of named message bundles, made once and then reused (on the
 * server across requests, in the browser across navigations): building one costs more than a render.
 */
export function i18nFor(locale: Locale, bundles: Record<string, unknown>): i18n {
  const names = Object.keys(bundles).sort();
  const key = `${locale}:${names.join(",")}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = createI18n(locale, Object.assign({}, ...names.map((name) => bundles[name])));
    instances.set(key, instance);
  }
  return instance;
}
