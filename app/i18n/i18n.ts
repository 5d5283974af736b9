import i18next, { type i18n, type ParseKeys, type TFunction } from "i18next";
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

const memoized = new WeakMap<i18n, TFunction>();

/**
 * The instance's `t`, remembering each message asked for without options: most of a page's texts
 * are plain keys, and i18next looks each up, checks it for nesting and interpolation and resolves
 * plurals on every call, a tenth of a rendered page's CPU (docs/performance.md). An instance's
 * messages never change, so the same key always gives the same text; calls with options
 * (interpolation, counts) still go to i18next.
 */
export function memoizedT(instance: i18n): TFunction {
  let t = memoized.get(instance);
  if (!t) {
    const translate = instance.t as unknown as (...args: unknown[]) => unknown;
    const texts = new Map<string, string>();
    t = ((key: string | string[], ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") return translate(key, ...rest);
      let text = texts.get(key);
      if (text === undefined) {
        text = String(translate(key));
        texts.set(key, text);
      }
      return text;
    }) as unknown as TFunction;
    memoized.set(instance, t);
  }
  return t;
}
