import { Link, redirect } from "react-router";
import { EventDays } from "../../blog/components/event-days.tsx";
import { getPost } from "../../blog/posts.server.ts";
import { isSlug } from "../../blog/search.ts";
import { BLOG_FEED_PATH, BLOG_FEED_TYPE, type BlogPost } from "../../blog/types.ts";
import { formatDate } from "../../i18n/format.ts";
import { LOCALES, localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { type Alternates, useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { Icon } from "../../ui/icons.tsx";
import { Stars } from "../../ui/stars.tsx";
import type { Route } from "./+types/blog-post";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  if (!isSlug(params.slug)) throw new AppError("not_found");
  const found = await getPost(context.get(databaseContext), params.slug, locale);
  // The other language's address of the post, or an address it had before: the same post, at its
  // address in this language.
  if (found.found !== "post") throw redirect(localizedPath(`/blogs/${found.slug}`, locale), 301);
  const { post } = found;
  const alternates = Object.fromEntries(
    LOCALES.map((each) => [each, localizedPath(`/blogs/${post.slugs[each]}`, each)]),
  ) as Alternates;
  return {
    post,
    alternates,
    origin: url.origin,
    messages: pageMessages(request, "blog"),
  };
}

/** schema.org's BlogPosting, for search engines; `<` escaped so no text can close the script. */
function structuredData(post: BlogPost, origin: string, address: string): string {
  return JSON.stringify({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    image: `${origin}${post.cover}`,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    inLanguage: post.locale,
    author: { "@type": "Person", name: post.authorName },
    publisher: { "@type": "Organization", name: "Nearby", logo: `${origin}/images/logo.svg` },
    mainEntityOfPage: `${origin}${address}`,
    contentLocation: { "@type": "Place", name: `${post.city}, ${post.province}` },
  }).replace(/</g, "\\u003c");
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { post, alternates, origin } = loaderData;
  return (
    <article>
      <title>{t("blog.post.metaTitle", { title: post.title })}</title>
      <meta name="description" content={post.excerpt} />
      <link
        rel="alternate"
        type={BLOG_FEED_TYPE}
        title={t("blog.feedTitle")}
        href={to(BLOG_FEED_PATH)}
      />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped.
        dangerouslySetInnerHTML={{ __html: structuredData(post, origin, alternates[locale]) }}
      />
      <div className="mx-auto max-w-3xl px-4 pt-2">
        <Link
          to={to("/blogs")}
          className="mt-6 inline-flex items-center gap-1 text-brand-700 hover:underline"
        >
          <Icon name="arrowLeft" className="size-4" />
          {t("blog.post.back")}
        </Link>
        <header className="mt-4 flex flex-col gap-3">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <Link
              to={to(`/blogs?type=${post.type}`)}
              className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800 hover:underline"
            >
              {t(`blog.types.${post.type}`)}
            </Link>{" "}
            <span className="inline-flex items-center gap-1">
              <Icon name="pin" className="size-4" />
              {post.city}, {post.province}
            </span>
          </p>
          <h1 className="text-3xl font-bold md:text-4xl">{post.title}</h1>
          {post.event && <EventDays event={post.event} className="text-lg" />}
          <Stars rating={post.rating} size="lg" />
          <p className="flex flex-wrap gap-x-2 text-slate-700">
            <span className="font-medium">{t("blog.by", { name: post.authorName })}</span>
            <span aria-hidden="true">·</span>{" "}
            <time dateTime={post.publishedAt}>
              {t("blog.post.published", { date: formatDate(post.publishedAt, locale) })}
            </time>
            <span aria-hidden="true">·</span>{" "}
            <span>{t("blog.readingTime", { count: post.readingMinutes })}</span>
          </p>
          <p className="text-lg text-slate-800">{post.excerpt}</p>
        </header>
        <img
          src={post.cover}
          alt=""
          width="400"
          height="300"
          className="mt-8 aspect-video w-full rounded-2xl bg-brand-50 object-cover"
          fetchPriority="high"
        />
        <div
          className="post-body mt-8"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized on the server (blog/markdown.server.ts).
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      </div>
    </article>
  );
}
