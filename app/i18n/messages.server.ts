import { allMessages, type BundleName, messagesFor, type PageMessages } from "./catalog.server.ts";
import { createTranslate, type Translate } from "./i18n.ts";
import { type Locale, localeFromPath } from "./locale.ts";

export type { BundleName, PageMessages };

const translators = new Map<Locale, Translate>();

/** The server's own translator for a language (e-mails, API error messages), made once. */
export function serverT(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslate(locale, allMessages(locale));
    translators.set(locale, t);
  }
  return t;
}

/** The shell's messages, which every page shows (header, footer, notices, errors). */
export function shellMessages(locale: Locale): PageMessages {
  return messagesFor(locale, ["shell"]);
}

/**
 * The bundles a page's own content needs, in the language of its address: a page loader returns
 * them as `messages`, and the document merges them with the shell's.
 */
export function pageMessages(request: Request, ...bundles: BundleName[]): PageMessages {
  return messagesFor(localeFromPath(new URL(request.url).pathname), bundles);
}
