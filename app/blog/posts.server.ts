import { and, asc, desc, eq, gt, gte, inArray, like, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { blogPost, blogPostSlug, blogPostText } from "../db/schema/blog.ts";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import { AppError } from "../platform/errors.ts";
import { pageOf, type TimeCursor, timeCursor } from "../platform/query.ts";
import { eventToday } from "./events.ts";
import { renderMarkdown } from "./markdown.server.ts";
import { readingMinutes } from "./reading-time.ts";
import type { BlogCriteria } from "./search.ts";
import type { BlogPage, BlogPost, BlogSummary, BlogType } from "./types.ts";

/** The time a row was published, to the microsecond, as cursors carry it. */
const publishedIso = sql<string>`to_char(${blogPost.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const columns = {
  id: blogPost.id,
  locale: blogPostText.locale,
  slug: blogPostText.slug,
  title: blogPostText.title,
  excerpt: blogPostText.excerpt,
  body: blogPostText.body,
  type: blogPost.type,
  city: blogPost.city,
  province: blogPost.province,
  rating: blogPost.rating,
  cover: blogPost.cover,
  authorName: blogPost.authorName,
  publishedAt: publishedIso,
  updatedAt: blogPost.updatedAt,
  eventStartsOn: blogPost.eventStartsOn,
  eventEndsOn: blogPost.eventEndsOn,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K] extends SQL<infer T>
    ? T
    : (typeof columns)[K] extends { _: { data: infer D; notNull: infer N } }
      ? N extends true
        ? D
        : D | null
      : never;
};

function toSummary(row: Row): BlogSummary {
  const { body, eventStartsOn, eventEndsOn, ...rest } = row;
  return {
    ...rest,
    event: eventStartsOn && eventEndsOn ? { startsOn: eventStartsOn, endsOn: eventEndsOn } : null,
    locale: row.locale as Locale,
    type: row.type as BlogType,
    rating: Number(row.rating),
    updatedAt: row.updatedAt.toISOString(),
    readingMinutes: readingMinutes(body),
  };
}

/** `%text%` for LIKE, with the user's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Published posts only: drafts never, and a post dated in the future waits for its day. */
const published = sql`${blogPost.published} and ${lte(blogPost.publishedAt, sql`now()`)}`;

function dayOfCursor(at: string): SQL {
  return sql`(${at}::timestamptz at time zone 'UTC')::date`;
}

/**
 * How a list is sorted, with the key its cursor carries (a day as midnight UTC for event days):
 * upcoming events soonest first, past events the latest ended first, other lists newest first.
 */
const orders = {
  newest: {
    key: blogPost.publishedAt,
    keyIso: publishedIso,
    fromCursor: (at: string) => sql`${at}::timestamptz`,
    ascending: false,
  },
  upcoming: {
    key: blogPost.eventStartsOn,
    keyIso: sql<string>`${blogPost.eventStartsOn}::text || 'T00:00:00Z'`,
    fromCursor: dayOfCursor,
    ascending: true,
  },
  past: {
    key: blogPost.eventEndsOn,
    keyIso: sql<string>`${blogPost.eventEndsOn}::text || 'T00:00:00Z'`,
    fromCursor: dayOfCursor,
    ascending: false,
  },
};

/**
 * Published posts in `locale` that match every criterion, `limit` at a time; pass the previous
 * page's `nextCursor` to continue (null on the last page). Events are upcoming until the end of
 * their last day in Canada as `now` sees it.
 */
export async function searchPosts(
  db: Db | Tx,
  locale: Locale,
  criteria: BlogCriteria,
  page: { limit: number; cursor?: TimeCursor },
  now: Date,
): Promise<BlogPage> {
  const conditions: SQL[] = [published, eq(blogPostText.locale, locale)];
  if (criteria.title) conditions.push(like(blogPostText.searchTitle, containing(criteria.title)));
  if (criteria.location)
    conditions.push(like(blogPost.searchLocation, containing(criteria.location)));
  if (criteria.type) conditions.push(eq(blogPost.type, criteria.type));
  if (criteria.when) {
    const today = eventToday(now);
    conditions.push(
      criteria.when === "upcoming"
        ? gte(blogPost.eventEndsOn, today)
        : lt(blogPost.eventEndsOn, today),
    );
  }
  const order = orders[criteria.when ?? "newest"];
  if (page.cursor) {
    const after = sql`(${order.key}, ${blogPost.id})`;
    const cursor = sql`(${order.fromCursor(page.cursor.at)}, ${page.cursor.id})`;
    conditions.push(order.ascending ? sql`${after} > ${cursor}` : sql`${after} < ${cursor}`);
  }
  const by = order.ascending ? asc : desc;
  const rows = await db
    .select({ ...columns, sortKey: order.keyIso })
    .from(blogPost)
    .innerJoin(blogPostText, eq(blogPostText.postId, blogPost.id))
    .where(and(...conditions))
    .orderBy(by(order.key), by(blogPost.id))
    .limit(page.limit + 1);
  const { items, next } = pageOf(rows, page.limit, (last) =>
    timeCursor.encode({ at: last.sortKey, id: last.id }),
  );
  return { items: items.map(({ sortKey, ...row }) => toSummary(row)), nextCursor: next };
}

export type PostLookup =
  | { found: "post"; post: BlogPost }
  /** The slug is the post's in another language: its address in the one asked for. */
  | { found: "other-language"; slug: string }
  /** The slug is one the post had before staff changed it: its address now (a 301). */
  | { found: "moved"; slug: string };

/**
 * The published post whose slug is `slug`, in `locale`. A slug of the same post in the other
 * language says where the post is in `locale`; when `locale` is omitted, the slug's own language.
 * No such post (or none in `locale`) is `not_found`.
 */
export async function getPost(db: Db | Tx, slug: string, locale?: Locale): Promise<PostLookup> {
  const matches = await db
    .select({ postId: blogPostText.postId, locale: blogPostText.locale })
    .from(blogPostText)
    .innerJoin(blogPost, eq(blogPost.id, blogPostText.postId))
    .where(and(eq(blogPostText.slug, slug), published));
  const match = matches.find((row) => row.locale === locale) ?? matches[0];
  if (!match) return { found: "moved", slug: await movedSlug(db, slug, locale) };
  const rows = await db
    .select(columns)
    .from(blogPost)
    .innerJoin(blogPostText, eq(blogPostText.postId, blogPost.id))
    .where(and(eq(blogPost.id, match.postId), inArray(blogPostText.locale, [...LOCALES])));
  const wanted = locale ?? (match.locale as Locale);
  const row = rows.find((candidate) => candidate.locale === wanted);
  if (!row) throw new AppError("not_found");
  if (row.slug !== slug) return { found: "other-language", slug: row.slug };
  const slugs = Object.fromEntries(rows.map((each) => [each.locale, each.slug])) as Record<
    Locale,
    string
  >;
  return {
    found: "post",
    post: { ...toSummary(row), markdown: row.body, html: renderMarkdown(row.body), slugs },
  };
}

/**
 * The current slug of the published post that once had `slug` (blog_post_slug), in `locale` or
 * else the old slug's own language; `not_found` when no post ever had it.
 */
async function movedSlug(db: Db | Tx, slug: string, locale: Locale | undefined): Promise<string> {
  const rows = await db
    .select({ wanted: blogPostText.locale, slug: blogPostText.slug, old: blogPostSlug.locale })
    .from(blogPostSlug)
    .innerJoin(blogPost, eq(blogPost.id, blogPostSlug.postId))
    .innerJoin(blogPostText, eq(blogPostText.postId, blogPostSlug.postId))
    .where(and(eq(blogPostSlug.slug, slug), published));
  const row =
    rows.find((each) => each.wanted === locale && each.old === locale) ??
    rows.find((each) => each.wanted === (locale ?? each.old));
  if (!row) throw new AppError("not_found");
  return row.slug;
}

/** The newest published posts in `locale`, whole, for the feed. */
export async function latestPosts(db: Db | Tx, locale: Locale, limit: number): Promise<BlogPost[]> {
  const rows = await db
    .select({
      ...columns,
      slugs: sql<
        Record<Locale, string>
      >`(select jsonb_object_agg(t.locale, t.slug) from blog_post_text t where t.post_id = ${blogPost.id})`,
    })
    .from(blogPost)
    .innerJoin(blogPostText, eq(blogPostText.postId, blogPost.id))
    .where(and(published, eq(blogPostText.locale, locale)))
    .orderBy(desc(blogPost.publishedAt), desc(blogPost.id))
    .limit(limit);
  return rows.map(({ slugs, ...row }) => ({
    ...toSummary(row),
    markdown: row.body,
    html: renderMarkdown(row.body),
    slugs,
  }));
}

/**
 * The slugs of published posts in `locale` after post `afterId`, in id order, `limit` at a time
 * (keyset pages, for the sitemap).
 */
export async function postSlugsAfter(
  db: Db | Tx,
  locale: Locale,
  afterId: number,
  limit: number,
): Promise<{ id: number; slug: string; updatedAt: Date }[]> {
  return db
    .select({ id: blogPost.id, slug: blogPostText.slug, updatedAt: blogPost.updatedAt })
    .from(blogPost)
    .innerJoin(blogPostText, eq(blogPostText.postId, blogPost.id))
    .where(and(published, eq(blogPostText.locale, locale), gt(blogPost.id, afterId)))
    .orderBy(asc(blogPost.id))
    .limit(limit);
}
