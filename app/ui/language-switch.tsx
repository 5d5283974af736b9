import { LOCALES } from "../i18n/locale.ts";
import { useAlternates, useLocale } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";
import { PageLink } from "./page-link.tsx";

const SHORT = { "en-CA": "EN", "fr-CA": "FR" } as const;
const NAME_KEY = { "en-CA": "language.en", "fr-CA": "language.fr" } as const;

/**
 * Links to this same page in each language; the current one is marked. The compact form shows
 * "EN" and "FR" and says the language's name to screen readers after them: a name must contain
 * the text people see, for those who speak to their browser (WCAG 2.5.3).
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const alternates = useAlternates();
  return (
    <ul className="flex items-center gap-1">
      {LOCALES.map((target) => (
        <li key={target}>
          <PageLink
            to={alternates[target]}
            lang={target}
            hrefLang={target}
            aria-current={target === locale ? "true" : undefined}
            className={`inline-block whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium ${
              target === locale
                ? "bg-brand-700 text-white"
                : "text-slate-700 underline-offset-2 hover:underline"
            }`}
          >
            {compact ? (
              <>
                {SHORT[target]}
                <span className="sr-only"> {t(NAME_KEY[target])}</span>
              </>
            ) : (
              t(NAME_KEY[target])
            )}
          </PageLink>
        </li>
      ))}
    </ul>
  );
}
