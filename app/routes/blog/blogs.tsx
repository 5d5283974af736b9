import { data, Link, useFetcher } from "react-router";
import { BlogCard } from "../../blog/components/blog-card.tsx";
import {
  BLOG_SEARCH_MAX,
  blogSearchHref,
  type BlogSearchForm as SearchValues,
} from "../../blog/links.ts";
import { searchPosts } from "../../blog/posts.server.ts";
import { blogFormOf, blogQuerySchema } from "../../blog/search.ts";
import {
  BLOG_FEED_PATH,
  BLOG_FEED_TYPE,
  BLOG_TYPES,
  type BlogPage,
  EVENT_WHENS,
  type EventWhen,
  isEventWhen,
} from "../../blog/types.ts";
import type { MessageKey } from "../../i18n/i18n.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { Hero } from "../../ui/hero.tsx";
import { MorePages, NoResults } from "../../ui/more-pages.tsx";
import { ListSearchForm, PagingProblem, useSearchProblems } from "../../ui/search-field.tsx";
import { useMorePages } from "../../ui/use-more-pages.ts";
import type { Route } from "./+types/blogs";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const messages = pageMessages(request, "blog");
  try {
    const { form, criteria, cursor, limit } = await readInput(request, blogQuerySchema, {
      stripUnsafeText: true,
    });
    const page = await searchPosts(
      context.get(databaseContext),
      locale,
      criteria,
      { limit, cursor },
      new Date(),
    );
    return { form, problems: {}, page, messages };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const problems = error.problemsByField();
    const form = blogFormOf(new URL(request.url).searchParams);
    return data({ form, problems, page: null, messages }, { status: error.status });
  }
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { form, page } = loaderData;
  const sent: Partial<Record<string, MessageKey>> = loaderData.problems;
  const problems = useSearchProblems(sent);
  return (
    <>
      <title>{t("blog.metaTitle")}</title>
      <meta name="description" content={t("blog.description")} />
      <link
        rel="alternate"
        type={BLOG_FEED_TYPE}
        title={t("blog.feedTitle")}
        href={to(BLOG_FEED_PATH)}
      />
      <Hero heading={t("blog.heroTitle")} subline={t("blog.heroSubline")}>
        <ListSearchForm
          key={JSON.stringify(form)}
          area="blog"
          action={to("/blogs")}
          maxLength={BLOG_SEARCH_MAX}
          title={form.title}
          where={{ label: t("blog.search.location"), value: form.location }}
          choice={{
            name: "type",
            label: t("blog.search.type"),
            value: form.type,
            all: t("blog.search.allTypes"),
            options: BLOG_TYPES.map((type) => [type, t(`blog.types.${type}`)] as const),
          }}
          problems={problems.fields}
        />
      </Hero>
      <section aria-labelledby="posts" className="mx-auto max-w-6xl px-4 py-12">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="posts" className="text-3xl font-bold">
            {t(
              form.type === "events" && isEventWhen(form.when)
                ? WHEN_HEADINGS[form.when]
                : "blog.topBlogs",
            )}
          </h2>
          <a href={to(BLOG_FEED_PATH)} className="text-brand-700 hover:underline">
            {t("blog.feed")}
          </a>
        </div>
        {form.type === "events" && <EventsByDate form={form} />}
        {/* The form has no field for `when`: its problem shows above the list, as paging's. */}
        <PagingProblem message={problems.paging ?? sent.when} />
        {page &&
          (page.items.length > 0 ? (
            <Posts key={JSON.stringify(form) + page.nextCursor} first={page} form={form} />
          ) : form.when === "upcoming" ? (
            <NoResults
              clearHref={to(blogSearchHref({ ...form, when: "past" }))}
              labels={{
                heading: "blog.events.noneUpcoming",
                hint: "blog.events.noneUpcomingHint",
                clear: "blog.events.seePast",
              }}
            />
          ) : (
            <NoResults
              clearHref={to("/blogs")}
              labels={{
                heading: "blog.noResults",
                hint: "blog.noResultsHint",
                clear: "blog.clearFilters",
              }}
            />
          ))}
      </section>
    </>
  );
}

/** The list's heading: which half of the events it shows, else the blog's best posts. */
const WHEN_HEADINGS: Record<EventWhen, MessageKey> = {
  upcoming: "blog.events.upcoming",
  past: "blog.events.past",
};

/** Links between the events not over yet and those that are, keeping the other filters. */
function EventsByDate({ form }: { form: SearchValues }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <nav aria-label={t("blog.events.nav")} className="mt-6">
      <ul className="flex flex-wrap gap-3">
        {EVENT_WHENS.map((when) => (
          <li key={when}>
            <Link
              to={to(blogSearchHref({ ...form, when }))}
              aria-current={form.when === when ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-full px-4 font-medium text-brand-800 ring-1 ring-slate-300 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white aria-[current=page]:ring-brand-700"
            >
              {t(WHEN_HEADINGS[when])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const pageOf = (loaded: { page: BlogPage | null }) => loaded.page;

/** The first page from the loader, then each page 'More Blogs' fetches, appended. */
function Posts({ first, form }: { first: BlogPage; form: SearchValues }) {
  const to = useLocalizedPath();
  const { items, nextCursor, loading, load } = useMorePages(
    first,
    useFetcher<typeof loader>(),
    pageOf,
    (page) => `[data-post="${page.items[0]?.id}"] a`,
  );
  const moreHref = nextCursor ? to(blogSearchHref(form, nextCursor)) : undefined;
  return (
    <>
      <ul aria-labelledby="posts" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((post) => (
          <li key={post.id} data-post={post.id}>
            <BlogCard post={post} />
          </li>
        ))}
      </ul>
      <MorePages
        href={moreHref}
        loading={loading}
        onLoad={load}
        labels={{ more: "blog.moreBlogs", loading: "blog.loadingMore", end: "blog.endOfResults" }}
      />
    </>
  );
}
