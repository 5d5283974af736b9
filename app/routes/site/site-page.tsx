import { localeFromPath, unlocalizedPath } from "../../i18n/locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { CONTENT_DIR } from "../../platform/content-dir.server.ts";
import { AppError } from "../../platform/errors.ts";
import { readSitePage } from "../../site-pages/pages.server.ts";
import { isSitePage } from "../../site-pages/slugs.ts";
import type { Route } from "./+types/site-page";

export async function loader({ url: { pathname } }: Route.LoaderArgs) {
  // The page's address, without the ".data" a click's data request adds (React Router's `url`).
  const slug = unlocalizedPath(pathname).slice(1);
  if (!isSitePage(slug)) throw new AppError("not_found");
  return { page: await readSitePage(CONTENT_DIR, slug, localeFromPath(pathname)) };
}

export default function SitePageRoute({ loaderData: { page } }: Route.ComponentProps) {
  const t = useT();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <title>{t("site.pageTitle", { title: page.title })}</title>
      <meta name="description" content={page.summary} />
      <h1 className="text-4xl font-bold text-brand-900">{page.title}</h1>
      <p className="mt-4 text-lg text-slate-700">{page.summary}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
