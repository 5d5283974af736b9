import { useLocalizedPath } from "../i18n/use-locale.ts";
import { useT } from "../i18n/use-t.ts";
import { useForSale } from "./for-sale.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { PageLink } from "./page-link.tsx";

const COLUMNS = [
  {
    heading: "footer.about",
    links: [
      { path: "/about", label: "footer.aboutLink" },
      { path: "/terms", label: "footer.terms" },
      { path: "/privacy", label: "footer.privacy" },
    ],
  },
  {
    heading: "footer.discover",
    links: [
      { path: "/blogs?type=events&when=upcoming", label: "footer.events" },
      { path: "/support", label: "footer.support" },
      { path: "/blogs", label: "footer.blog" },
      { path: "/shop", label: "footer.shop", sells: true },
    ],
  },
  {
    heading: "footer.business",
    links: [
      // A listing is claimed from its own page: the directory's search, saying so (issue 26).
      { path: "/businesses?claim", label: "footer.claim" },
      { path: "/success-stories", label: "footer.stories" },
      { path: "/business-support", label: "footer.businessSupport" },
    ],
  },
] as const;

export function SiteFooter({ year }: { year: number }) {
  const t = useT();
  const forSale = useForSale();
  const to = useLocalizedPath();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 pb-20 xl:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        {COLUMNS.map((column) => (
          <section key={column.heading} aria-labelledby={`footer-${column.heading}`}>
            <h2 id={`footer-${column.heading}`} className="font-semibold text-slate-900">
              {t(column.heading)}
            </h2>
            <ul className="mt-3 space-y-2">
              {column.links
                .filter((link) => forSale || !("sells" in link))
                .map((link) => (
                  <li key={link.path}>
                    <PageLink
                      to={to(link.path)}
                      className="text-slate-700 hover:text-brand-800 hover:underline"
                    >
                      {t(link.label)}
                    </PageLink>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-6">
            <nav aria-label={t("footer.language")} className="flex items-center gap-2">
              <span>{t("footer.language")}</span>
              <LanguageSwitch />
            </nav>
            <p className="flex items-center gap-2">
              <span>{t("footer.country")}</span>
              <span className="rounded-md bg-white px-2 py-1 font-medium ring-1 ring-slate-200">
                <img
                  src="/images/flag-ca.svg"
                  alt=""
                  width="20"
                  height="10"
                  className="mr-1.5 inline-block h-2.5 w-5 align-baseline"
                />
                {t("footer.canada")}
              </span>
            </p>
          </div>
          <p>{t("footer.copyright", { year })}</p>
        </div>
      </div>
    </footer>
  );
}
