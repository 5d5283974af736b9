import { useContext } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { type MessageKey, translatorFor } from "./i18n/i18n.ts";
import { DEFAULT_LOCALE, htmlLang, LOCALES, type Locale, localeFromPath } from "./i18n/locale.ts";
import { type PageMessages, pageMessagesWithScripts } from "./i18n/messages.server.ts";
import { useAlternates, useLocale, useLocalizedPath } from "./i18n/use-locale.ts";
import { ServerTranslateContext, TranslateContext, useT } from "./i18n/use-t.ts";
import { errorMessage, pageErrorCode } from "./platform/error-codes.ts";
import { shellPersonal } from "./shell.server.ts";
import { AccountSlot, MobileNavSlot, type ShellPersonal } from "./shell.tsx";
import { ButtonLink } from "./ui/button-link.tsx";
import { Notice } from "./ui/notice.tsx";
import { PageScriptsContext, usePageScripts } from "./ui/page-scripts.ts";
import { SiteFooter } from "./ui/site-footer.tsx";
import { SiteHeader } from "./ui/site-header.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context, url: page }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The page's address: on a client navigation `request.url` is the data request's.
  const { personal, headers } = await shellPersonal(request, context, page);
  return data(
    {
      locale: localeFromPath(url.pathname),
      messages: pageMessagesWithScripts({ request, context }, "shell"),
      origin: url.origin,
      year: new Date().getFullYear(),
      ...personal,
    },
    { headers },
  );
}

/**
 * The root's data changes with the language, and with signing in or out (a form's action):
 * other navigations keep what the page has.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  return (
    localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname) ||
    (formMethod !== undefined && formMethod.toUpperCase() !== "GET")
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const pageT = usePageTranslate(data?.locale);
  const t = useContext(ServerTranslateContext) ?? pageT;
  const alternates = useAlternates();
  const scripts = usePageScripts();

  return (
    <html lang={htmlLang(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        {data &&
          LOCALES.map((target) => (
            <link
              key={target}
              rel="alternate"
              hrefLang={target}
              href={`${data.origin}${alternates[target]}`}
            />
          ))}
        {data && (
          <link
            rel="alternate"
            hrefLang="x-default"
            href={`${data.origin}${alternates[DEFAULT_LOCALE]}`}
          />
        )}
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {t && data ? (
          <TranslateContext value={t}>
            <PageScriptsContext value={scripts}>
              <Shell year={data.year} personal={data}>
                {children}
              </Shell>
            </PageScriptsContext>
          </TranslateContext>
        ) : (
          children
        )}
        {scripts && <ScrollRestoration />}
        {scripts && <Scripts />}
      </body>
    </html>
  );
}

function Shell({
  children,
  year,
  personal,
}: {
  children: React.ReactNode;
  year: number;
  personal: ShellPersonal;
}) {
  const t = useT();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {t("nav.skipToContent")}
      </a>
      <Notice />
      <SiteHeader account={<AccountSlot personal={personal} />} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter year={year} />
      <MobileNavSlot personal={personal} />
    </>
  );
}

/**
 * One translation function for the messages the matched routes sent: the shell's from the root,
 * each page's own bundles from its loader (`messages`). They are kept per language and set of
 * bundles, so a render never builds one again for the same set.
 */
function usePageTranslate(locale: Locale | undefined) {
  const matches = useMatches();
  const bundles = Object.assign(
    {},
    ...matches.map(
      (match) => (match.loaderData as { messages?: PageMessages } | undefined)?.messages,
    ),
  ) as PageMessages;
  return locale ? translatorFor(locale, bundles) : undefined;
}

export default function App() {
  return (
    <>
      <CanonicalLink />
      <Outlet />
    </>
  );
}

/**
 * The page's own address in its own language, for search engines (React puts the link in the
 * head). Error and 404 pages have none. A notice in the address is a passing message, not a page.
 */
function CanonicalLink() {
  const data = useRouteLoaderData<typeof loader>("root");
  const own = useAlternates()[useLocale()];
  if (!data) return null;
  const address = new URL(own, data.origin);
  address.searchParams.delete("notice");
  return <link rel="canonical" href={address.href} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) return <BareErrorPage />;
  if (!isRouteErrorResponse(error)) {
    console.error(error);
    return <MessagePage messages="error" />;
  }
  if (error.status === 404) return <MessagePage messages="notFound" />;
  // An AppError a loader or action threw (app/platform/route-errors.server.ts) says what happened.
  const code = pageErrorCode(error.data);
  // Not an error of the child's: a page of its own, not "something went wrong".
  if (code === "not_for_sale") return <MessagePage messages="notForSale" />;
  return <MessagePage messages="error" reason={code && errorMessage(code)} />;
}

/**
 * A heading, a sentence and the way home, from one group of messages; `reason`, when known, is
 * the sentence.
 */
function MessagePage({
  messages,
  reason,
}: {
  messages: "notFound" | "error" | "notForSale";
  reason?: MessageKey;
}) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{t(`${messages}.metaTitle`)}</title>
      <h1 className="text-4xl font-bold text-brand-800">{t(`${messages}.heading`)}</h1>
      <p className="mt-4 text-lg text-slate-700">{t(reason ?? `${messages}.text`)}</p>
      <ButtonLink to={to("/")} className="mt-8">
        {t(`${messages}.home`)}
      </ButtonLink>
    </section>
  );
}

/** When even the page's language and messages could not be loaded: both languages, no shell. */
function BareErrorPage() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Error / Erreur</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-2">Please try again in a moment.</p>
      <p lang="fr-CA" className="mt-6 text-3xl font-bold">
        Une erreur est survenue
      </p>
      <p lang="fr-CA" className="mt-2">
        Veuillez réessayer dans un moment.
      </p>
      <a href="/" className="mt-8 inline-block underline">
        Home / Accueil
      </a>
    </main>
  );
}
