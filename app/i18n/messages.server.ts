import type { RouterContextProvider } from "react-router";
import { pageWithoutScriptsContext } from "../platform/context.ts";
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

/**
 * The bundles of a page that is sent without scripts (the staff console): none when the host
 * renders the page itself, whose words then come from the server's translator (decision 0081);
 * the bundles, as `pageMessages` gives them, when the browser asks for the page's data on a client
 * navigation from a page with scripts, which renders it with them.
 */
export function pageMessagesWithScripts(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  ...bundles: BundleName[]
): PageMessages {
  return context.get(pageWithoutScriptsContext) ? {} : pageMessages(request, ...bundles);
}
