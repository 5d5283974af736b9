import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { searchBusinesses } from "../../directory/businesses.server.ts";
import { BusinessCard, BusinessGrid } from "../../directory/components/business-card.tsx";
import { SearchForm } from "../../directory/components/search-form.tsx";
import {
  type SearchForm as SearchValues,
  searchFormOf,
  searchHref,
  searchQuerySchema,
} from "../../directory/search.ts";
import type { BusinessPage } from "../../directory/types.ts";
import type { MessageKey } from "../../i18n/i18n.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import { Hero } from "../../ui/hero.tsx";
import type { Route } from "./+types/businesses";

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { form, criteria, cursor, limit } = await readInput(request, searchQuerySchema, {
      stripUnsafeText: true,
    });
    const page = await searchBusinesses(context.get(databaseContext), criteria, { limit, cursor });
    return { form, problems: {}, page, messages: pageMessages(request, "directory") };
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The form comes back filled as it was sent, each problem beside its field.
    const problems = Object.fromEntries(
      (error.options.problems ?? []).map((problem) => [problem.field, problem.message]),
    );
    const form = searchFormOf(new URL(request.url).searchParams);
    return data(
      { form, problems, page: null, messages: pageMessages(request, "directory") },
      { status: error.status },
    );
  }
}

export default function Businesses({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { form, page } = loaderData;
  const problems = loaderData.problems as Partial<Record<string, MessageKey>>;
  const fieldProblems = Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [field, message && t(message)]),
  );
  const searchProblem = problems.cursor ?? problems.limit;
  return (
    <>
      <title>{t("businesses.metaTitle")}</title>
      <meta name="description" content={t("site.description")} />
      <Hero heading={t("businesses.title")} subline={t("businesses.heroSubline")}>
        <SearchForm values={form} problems={fieldProblems} />
      </Hero>
      <section aria-labelledby="results" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="results" className="text-3xl font-bold">
          {t("businesses.results")}
        </h2>
        {searchProblem && (
          <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 font-medium text-red-800">
            {t(searchProblem)}
          </p>
        )}
        {page &&
          (page.items.length > 0 ? (
            <Results key={JSON.stringify(form) + page.nextCursor} first={page} form={form} />
          ) : (
            <NoResults />
          ))}
      </section>
    </>
  );
}

/** The first page from the loader, then each page "More Businesses" fetches, appended. */
function Results({ first, form }: { first: BusinessPage; form: SearchValues }) {
  const t = useT();
  const to = useLocalizedPath();
  const fetcher = useFetcher<typeof loader>();
  const [pages, setPages] = useState<BusinessPage[]>([first]);
  const fetched = fetcher.data?.page;

  useEffect(() => {
    if (fetcher.state === "idle" && fetched) {
      setPages((current) => (current.includes(fetched) ? current : [...current, fetched]));
    }
  }, [fetcher.state, fetched]);

  // Keyboard and screen-reader users continue from the first card that was just added.
  const lastPage = pages.at(-1);
  useEffect(() => {
    if (pages.length < 2 || !lastPage?.items[0]) return;
    document
      .querySelector<HTMLAnchorElement>(`[data-business="${lastPage.items[0].id}"] a`)
      ?.focus();
  }, [pages.length, lastPage]);

  const items = pages.flatMap((page) => page.items);
  const nextCursor = lastPage?.nextCursor;
  const moreHref = nextCursor ? to(searchHref(form, nextCursor)) : undefined;
  const loading = fetcher.state !== "idle";

  return (
    <>
      <div className="mt-8">
        <BusinessGrid labelledBy="results">
          {items.map((business) => (
            <li key={business.id} data-business={business.id}>
              <BusinessCard business={business} />
            </li>
          ))}
        </BusinessGrid>
      </div>
      <p aria-live="polite" className="sr-only">
        {loading ? t("businesses.loadingMore") : ""}
      </p>
      <div className="mt-10 text-center">
        {moreHref ? (
          <ButtonLink
            to={moreHref}
            onClick={(event) => {
              event.preventDefault();
              if (!loading) fetcher.load(moreHref);
            }}
            aria-disabled={loading || undefined}
            className="aria-disabled:opacity-70"
          >
            {loading ? t("businesses.loadingMore") : t("businesses.moreBusinesses")}
          </ButtonLink>
        ) : (
          <p className="text-slate-600">{t("businesses.endOfResults")}</p>
        )}
      </div>
    </>
  );
}

function NoResults() {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <div className="mt-8 rounded-2xl bg-slate-50 p-8 text-center">
      <p className="text-lg font-semibold">{t("businesses.noResults")}</p>
      <p className="mt-2 text-slate-700">{t("businesses.noResultsHint")}</p>
      <ButtonLink to={to("/businesses")} className="mt-6">
        {t("businesses.clearFilters")}
      </ButtonLink>
    </div>
  );
}
