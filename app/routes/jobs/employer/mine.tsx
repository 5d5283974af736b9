import { Link, redirect } from "react-router";
import { requireViewer } from "../../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { employersOf } from "../../../jobs/employers.server.ts";
import { databaseContext } from "../../../platform/context.ts";
import type { Route } from "./+types/mine";

/**
 * "Post a job" and "Your employers" lead here: a visitor signs in first; a player with no employer
 * goes on to create one, a player with one to its pages, and a player with several chooses.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const employers = await employersOf(context.get(databaseContext), viewer.id);
  const locale = localeFromPath(url.pathname);
  const [only] = employers;
  if (!only) throw redirect(localizedPath("/employers/new", locale));
  if (employers.length === 1) throw redirect(localizedPath(employerHref(only.id), locale));
  return { employers, messages: pageMessages(request, "employer") };
}

export default function YourEmployers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{t("employer.mine.metaTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">{t("employer.mine.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("employer.mine.intro")}</p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
        {loaderData.employers.map((employer) => (
          <li key={employer.id} className="px-4 py-3">
            <Link
              to={to(employerHref(employer.id))}
              className="font-semibold text-brand-800 underline"
            >
              {employer.name}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link to={to("/employers/new")} className="font-semibold text-brand-800 underline">
          {t("employer.mine.create")}
        </Link>
      </p>
    </section>
  );
}
