import type { Messages } from "./i18n.ts";
import type { Locale } from "./locale.ts";
import en from "./messages/en-CA.json" with { type: "json" };
import fr from "./messages/fr-CA.json" with { type: "json" };

const MESSAGES: Record<Locale, Messages> = { "en-CA": en, "fr-CA": fr };

/** Only the page's own language is sent to the browser. */
export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
