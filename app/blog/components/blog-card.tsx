import { Link } from "react-router";
import { formatDate } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { Icon } from "../../ui/icons.tsx";
import { Stars } from "../../ui/stars.tsx";
import type { BlogSummary } from "../types.ts";
import { EventDays } from "./event-days.tsx";

/**
 * A post in the 'Top Blogs' grid: the whole card opens it. Spaces sit between the parts a flex
 * row lays out, so its text read as one run keeps them apart.
 */
export function BlogCard({ post }: { post: BlogSummary }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <img
        src={post.cover}
        alt=""
        width="400"
        height="300"
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800">
            {t(`blog.types.${post.type}`)}
          </span>{" "}
          <span className="inline-flex items-center gap-1">
            <Icon name="pin" className="size-4" />
            {post.city}, {post.province}
          </span>
        </p>
        <h3 className="text-lg font-semibold text-slate-900">
          <Link to={to(`/blogs/${post.slug}`)} className="stretched-link">
            {post.title}
          </Link>
        </h3>
        {post.event && <EventDays event={post.event} className="text-sm" />}{" "}
        <p className="text-slate-700">{post.excerpt}</p> <Stars rating={post.rating} />{" "}
        <p className="mt-auto flex flex-wrap justify-between gap-2 border-t border-slate-100 pt-3 text-sm text-slate-600">
          <span>{t("blog.by", { name: post.authorName })}</span>{" "}
          <span>
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale)}</time> ·{" "}
            {t("blog.readingTime", { count: post.readingMinutes })}
          </span>
        </p>
      </div>
    </article>
  );
}
