import type { ParseKeys, TFunction } from "i18next";
import type { Locale } from "./locale.ts";

export type Messages = Record<string, unknown>;

/** Any key of the site's messages (typed from the English files by i18next.d.ts). */
export type MessageKey = ParseKeys<"translation">;

/**
 * A translation function. Its type is i18next's, so keys and `count` are checked; the runtime is
 * the few lines below, since the messages use only nested keys, `{{name}}` placeholders, `_one` /
 * `_other` plurals and `returnObjects`, and i18next itself was 15 KB gzip of every page's first load
 * (docs/performance.md).
 */
export type Translate = TFunction;

type Options = Record<string, unknown> & { count?: unknown; returnObjects?: boolean };

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** Fills `{{name}}` from `values`, as i18next does: a name not given at all stays as written. */
function fill(text: string, values: Options): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

function fillAll(value: unknown, values: Options): unknown {
  if (typeof value === "string") return fill(value, values);
  if (Array.isArray(value)) return value.map((item) => fillAll(item, values));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillAll(v, values)]));
  }
  return value;
}

/**
 * The translation function of one language's messages. A numeric `count` picks `key_<category>`
 * by the language's plural rules, then `key_other`; a key that names no message comes back as
 * itself, as with i18next. Each message asked for without options is remembered as given: most of
 * a page's texts are plain keys, and a translator's messages never change, so the same key always
 * gives the same text; calls with options (placeholders, counts) are worked out each time.
 */
export function createTranslate(locale: Locale, messages: Messages): Translate {
  const plurals = new Intl.PluralRules(locale);
  const found = new Map<string, unknown>();
  const lookup = (key: string): unknown => {
    if (found.has(key)) return found.get(key);
    let node: unknown = messages;
    for (const part of key.split(".")) {
      node = node && typeof node === "object" ? (node as Messages)[part] : undefined;
    }
    found.set(key, node);
    return node;
  };
  const plain = new Map<string, unknown>();
  function t(key: string, options?: Options): unknown {
    if (options === undefined) {
      let text = plain.get(key);
      if (text === undefined) {
        text = translate(key, {});
        plain.set(key, text);
      }
      return text;
    }
    return translate(key, options);
  }
  function translate(key: string, options: Options): unknown {
    let message: unknown;
    if (typeof options.count === "number") {
      message = lookup(`${key}_${plurals.select(options.count)}`) ?? lookup(`${key}_other`);
    }
    message ??= lookup(key);
    if (typeof message === "string") return fill(message, options);
    if (message !== undefined && options.returnObjects) return fillAll(message, options);
    return key;
  }
  return t as Translate;
}

const translators = new Map<string, Translate>();

/**
 * The translation function for a language and a set of named message bundles, made once and then
 * reused (on the server across requests, in the browser across navigations).
 */
export function translatorFor(locale: Locale, bundles: Record<string, unknown>): Translate {
  const names = Object.keys(bundles).sort();
  const key = `${locale}:${names.join(",")}`;
  let t = translators.get(key);
  if (!t) {
    t = createTranslate(locale, Object.assign({}, ...names.map((name) => bundles[name])));
    translators.set(key, t);
  }
  return t;
}
