import { Link } from "react-router";
import { formatDate } from "../../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { employerPostings } from "../../../jobs/postings.server.ts";
import { databaseContext } from "../../../platform/context.ts";
import { ButtonLink } from "../../../ui/button-link.tsx";
import type { Route } from "./+types/jobs";
import { employerActorOf } from "./actor.server.ts";

/** An employer's postings, newest first, each with its status. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const actor = await employerActorOf({ request, params, context });
  const postings = await employerPostings(db, actor.employerId);
  return {
    employerId: actor.employerId,
    postings: postings.map((posting) => ({ ...posting, closesAt: posting.closesAt.toISOString() })),
  };
}

export default function EmployerJobs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { employerId, postings } = loaderData;
  return (
    <section aria-labelledby="jobs-heading">
      <title>{t("employer.jobs.heading")}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="jobs-heading" className="text-xl font-bold">
          {t("employer.jobs.heading")}
        </h2>
        <ButtonLink to={to(employerHref(employerId, "jobs/new"))}>
          {t("employer.jobs.new")}
        </ButtonLink>
      </div>
      {postings.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("employer.jobs.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
          {postings.map((posting) => (
            <li key={posting.id} className="flex flex-col gap-1 px-4 py-3">
              <Link
                to={to(employerHref(employerId, `jobs/${posting.id}`))}
                className="font-semibold text-brand-700 hover:underline"
              >
                {posting.title[locale]}
              </Link>
              <span className="text-sm text-slate-700">
                {t(`employer.jobs.status.${posting.status}`)} ·{" "}
                {t("employer.jobs.closes", { date: formatDate(posting.closesAt, locale) })}
                {posting.hidden && ` · ${t("employer.jobs.hidden")}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
