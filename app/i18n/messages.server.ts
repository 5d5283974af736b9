import type { TFunction } from "i18next";
import { createI18n, type Messages } from "./i18n.ts";
import type { Locale } from "./locale.ts";
import en from "./messages/en-CA.json" with { type: "json" };
import fr from "./messages/fr-CA.json" with { type: "json" };

const MESSAGES: Record<Locale, Messages> = { "en-CA": en, "fr-CA": fr };

/** Only the page's own language is sent to the browser. */
export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

const translators = new Map<Locale, TFunction>();

/** The server's own translator for a language (e-mails, API error messages), made once. */
export function serverT(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = createI18n(locale, MESSAGES[locale]).t;
    translators.set(locale, t);
  }
  return t;
}
