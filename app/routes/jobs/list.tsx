import { data, Link } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { formatNumber } from "../../i18n/format.ts";
import type { MessageKey } from "../../i18n/i18n.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { JobCard } from "../../jobs/components/job-card.tsx";
import { FiltersButton, FiltersPanel, JobSearchBar } from "../../jobs/components/job-search.tsx";
import { searchJobs } from "../../jobs/jobs.server.ts";
import { COUNT_CAP, searchQuery } from "../../jobs/links.ts";
import { jobSearchSchema, searchFormOf } from "../../jobs/search.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import { Pager } from "../../ui/pager.tsx";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date();
  const url = new URL(request.url);
  const shared = {
    now: now.toISOString(),
    filtersOpen: url.searchParams.has("filters"),
    signedIn: (await getViewer(request, context)) !== null,
    messages: pageMessages(request, "jobs"),
  };
  try {
    const { form, criteria, page } = await readInput(request, jobSearchSchema, {
      stripUnsafeText: true,
    });
    const result = await searchJobs(context.get(databaseContext), criteria, page, now);
    return { ...shared, form, problems: {}, result };
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The form comes back as it was sent, each problem beside its field.
    const problems = error.problemsByField();
    return data(
      { ...shared, form: searchFormOf(url.searchParams), problems, result: null },
      { status: error.status },
    );
  }
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { form, result, now, filtersOpen, signedIn } = loaderData;
  const problems: Partial<Record<string, MessageKey>> = loaderData.problems;
  const shown = (key: string) => {
    const message = problems[key];
    return message ? t(message) : undefined;
  };
  const filterProblem =
    shown("posted") ?? shown("employerType") ?? shown("workSetting") ?? shown("page");
  const activeFilters = (form.posted ? 1 : 0) + form.employerType.length + form.workSetting.length;
  const query = searchQuery(form);

  return (
    <>
      <title>{t("jobs.list.metaTitle")}</title>
      <meta name="description" content={t("jobs.list.subline")} />
      <section className="bg-gradient-to-br from-brand-800 to-brand-700 px-4 py-10 text-white">
        <div className="mx-auto max-w-6xl">
          <h1 className="text-3xl font-bold md:text-4xl">{t("jobs.list.heading")}</h1>
          <p className="mt-2 text-brand-100">{t("jobs.list.subline")}</p>
          <div className="mt-6">
            <JobSearchBar
              form={form}
              problems={{ keywords: shown("keywords"), location: shown("location") }}
            />
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-8 lg:grid lg:grid-cols-[16rem_1fr] lg:items-start lg:gap-8">
        <FiltersPanel form={form} startOpen={filtersOpen} problem={filterProblem} />
        <section aria-labelledby="job-results">
          <h2 id="job-results" className="sr-only">
            {t("jobs.list.results")}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p aria-live="polite" className="text-lg font-semibold">
              {result &&
                (result.totalCapped
                  ? t("jobs.list.countCapped", { count: formatNumber(COUNT_CAP, locale) })
                  : t("jobs.list.count", { count: result.total }))}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <FiltersButton form={form} count={activeFilters} />
              {signedIn && (
                <Link to={to("/jobs/saved")} className="font-semibold text-brand-800 underline">
                  {t("jobs.list.savedJobs")}
                </Link>
              )}
              <Link to={to("/employers")} className="font-semibold text-brand-800 underline">
                {t("jobs.list.postJob")}
              </Link>
              <Link
                to={to(`/jobs/alerts/new${query ? `?${query}` : ""}`)}
                className="font-semibold text-brand-800 underline"
              >
                {t("jobs.list.createAlert")}
              </Link>
            </div>
          </div>
          {filterProblem && (
            <p
              role="alert"
              className="mt-4 rounded-lg bg-red-50 p-4 font-medium text-red-800 lg:hidden"
            >
              {filterProblem}
            </p>
          )}
          {result &&
            (result.items.length > 0 ? (
              <>
                <ul aria-labelledby="job-results" className="mt-4 flex flex-col gap-4">
                  {result.items.map((job) => (
                    <li key={job.id}>
                      <JobCard job={job} now={now} />
                    </li>
                  ))}
                </ul>
                <Pager
                  page={result.page}
                  pages={result.pages}
                  href={(page) => to(`/jobs?${searchQuery(form, page)}`)}
                  label={t("jobs.list.pages")}
                />
              </>
            ) : (
              <div className="mt-6 rounded-2xl bg-slate-50 p-8 text-center">
                <p className="text-lg font-semibold">{t("jobs.list.noResults")}</p>
                <p className="mt-2 text-slate-700">{t("jobs.list.noResultsHint")}</p>
                <ButtonLink to={to("/jobs")} className="mt-6">
                  {t("jobs.list.clearFilters")}
                </ButtonLink>
              </div>
            ))}
        </section>
      </div>
    </>
  );
}
