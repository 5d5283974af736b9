import { data, useFetcher, useSearchParams } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { searchBusinesses } from "../../directory/businesses.server.ts";
import { AddBusinessLink } from "../../directory/components/add-business-link.tsx";
import { BusinessCard, BusinessGrid } from "../../directory/components/business-card.tsx";
import { SearchForm } from "../../directory/components/search-form.tsx";
import { type SearchForm as SearchValues, searchHref } from "../../directory/links.ts";
import { savedAmong } from "../../directory/saved.server.ts";
import { searchFormOf, searchQuerySchema } from "../../directory/search.ts";
import type { BusinessSummary } from "../../directory/types.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { Hero } from "../../ui/hero.tsx";
import { MorePages, NoResults } from "../../ui/more-pages.tsx";
import type { PlayerPageHandle } from "../../ui/player-page.ts";
import { PagingProblem, useSearchProblems } from "../../ui/search-field.tsx";
import { useMorePages } from "../../ui/use-more-pages.ts";
import type { Route } from "./+types/businesses";

/** A page of cards, each saying whether the viewer saved it ("More Businesses" pages too). */
type ResultPage = { items: (BusinessSummary & { saved: boolean })[]; nextCursor: string | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { form, criteria, cursor, limit } = await readInput(request, searchQuerySchema, {
      stripUnsafeText: true,
    });
    const db = context.get(databaseContext);
    const [found, viewer] = await Promise.all([
      searchBusinesses(db, criteria, { limit, cursor }),
      getViewer(request, context),
    ]);
    const saved = await savedAmong(
      db,
      viewer?.id,
      found.items.map((item) => item.id),
    );
    return withSaved(
      {
        form,
        category: criteria.category ?? null,
        problems: {},
        page: {
          items: found.items.map((item) => ({ ...item, saved: false })),
          nextCursor: found.nextCursor,
        } as ResultPage | null,
        messages: pageMessages(request, "directory"),
      },
      saved,
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The form comes back filled as it was sent, each problem beside its field.
    const problems = error.problemsByField();
    const form = searchFormOf(new URL(request.url).searchParams);
    return data(
      {
        form,
        category: null,
        problems,
        page: null as ResultPage | null,
        messages: pageMessages(request, "directory"),
      },
      { status: error.status },
    );
  }
}

type BusinessesData = { page: ResultPage | null };

/** Each card of the first page marked saved or not (the loader's, and a player's kept page's). */
function withSaved<Data extends BusinessesData>(data: Data, saved: readonly number[]): Data {
  if (!data.page) return data;
  const items = data.page.items.map((item) => ({ ...item, saved: saved.includes(item.id) }));
  return { ...data, page: { ...data.page, items } };
}

export const handle: PlayerPageHandle<BusinessesData> = { playerPage: { withSaved } };

export default function Businesses({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { form, page } = loaderData;
  // What was searched, as typed (the category by its name in this language).
  const searched = [
    form.title,
    form.location,
    loaderData.category && t(`categories.${loaderData.category}`),
  ].filter(Boolean);
  const problems = useSearchProblems(loaderData.problems);
  // The footer's "Claim your Business" lands here: a listing is claimed from its own page.
  const claiming = useSearchParams()[0].has("claim");
  return (
    <>
      <title>{t("businesses.metaTitle")}</title>
      <meta name="description" content={t("site.description")} />
      <Hero
        heading={t("businesses.title")}
        subline={t(claiming ? "businesses.claimSubline" : "businesses.heroSubline")}
      >
        <SearchForm values={form} problems={problems.fields} />
      </Hero>
      <section aria-labelledby="results" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="results" className="text-3xl font-bold">
          {page && searched.length > 0
            ? t("businesses.resultsFor", { search: searched.join(" · ") })
            : t("businesses.results")}
        </h2>
        <PagingProblem message={problems.paging} />
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
        <p className="mt-10">
          <AddBusinessLink />
        </p>
      </section>
    </>
  );
}

const pageOf = (loaded: { page: ResultPage | null }) => loaded.page;

/** The first page from the loader, then each page "More Businesses" fetches, appended. */
function Results({ first, form }: { first: ResultPage; form: SearchValues }) {
  const to = useLocalizedPath();
  const { items, nextCursor, loading, load } = useMorePages(
    first,
    useFetcher<typeof loader>(),
    pageOf,
    // The name's link, not the Share link before it.
    (page) => `[data-business="${page.items[0]?.id}"] h3 a`,
  );
  const moreHref = nextCursor ? to(searchHref(form, nextCursor)) : undefined;

  return (
    <>
      <div className="mt-8">
        <BusinessGrid labelledBy="results">
          {items.map((business, index) => (
            <li key={business.id} data-business={business.id}>
              <BusinessCard business={business} saved={business.saved} first={index === 0} />
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
