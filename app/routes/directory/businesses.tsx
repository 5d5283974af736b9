import { data } from "react-router";
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
import { Hero } from "../../ui/hero.tsx";
import { MorePages, NoResults } from "../../ui/more-pages.tsx";
import { useMorePages } from "../../ui/use-more-pages.ts";
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
  const to = useLocalizedPath();
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
            <NoResults
              clearHref={to("/businesses")}
              labels={{
                heading: "businesses.noResults",
                hint: "businesses.noResultsHint",
                clear: "businesses.clearFilters",
              }}
            />
          ))}
      </section>
    </>
  );
}

const pageOf = (loaded: Route.ComponentProps["loaderData"]) => loaded.page;

/** The first page from the loader, then each page "More Businesses" fetches, appended. */
function Results({ first, form }: { first: BusinessPage; form: SearchValues }) {
  const to = useLocalizedPath();
  const { items, nextCursor, loading, load } = useMorePages(
    first,
    pageOf,
    (page) => `[data-business="${page.items[0]?.id}"] a`,
  );
  const moreHref = nextCursor ? to(searchHref(form, nextCursor)) : undefined;

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
      <MorePages
        href={moreHref}
        loading={loading}
        onLoad={load}
        labels={{
          more: "businesses.moreBusinesses",
          loading: "businesses.loadingMore",
          end: "businesses.endOfResults",
        }}
      />
    </>
  );
}
