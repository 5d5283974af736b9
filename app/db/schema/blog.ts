import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

/**
 * A blog post: what is the same in both languages. Its texts, with a slug per language, are
 * `blog_post_text` rows.
 */
export const blogPost = pgTable(
  "blog_post",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The post's name in content/blog, so seeding again finds it; null for a post staff wrote. */
    key: text().unique(),
    type: text().notNull(),
    city: text().notNull(),
    province: text().notNull(),
    /** "city province", lower-cased without accents, as the location search compares it. */
    searchLocation: text().notNull(),
    rating: numeric({ precision: 2, scale: 1 }).notNull(),
    authorName: text().notNull(),
    cover: text().notNull(),
    /** Whether visitors see it; a draft is seen only in the staff console. */
    published: boolean().notNull().default(true),
    /** When it was first published; null for a draft never published. */
    publishedAt: timestamp({ withTimezone: true }),
    /** The days an event post's event runs, first and last (Canadian calendar days); null otherwise. */
    eventStartsOn: date({ mode: "string" }),
    eventEndsOn: date({ mode: "string" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * How many times staff saved it: an edit is a conditional UPDATE on the version its form was
     * opened with, and seeding never touches a row staff edited (version > 0).
     */
    version: integer().notNull().default(0),
  },
  (table) => [
    check(
      "blog_post_published_at",
      sql`not ${table.published} or ${table.publishedAt} is not null`,
    ),
    check(
      "blog_post_type",
      sql`${table.type} in ('events', 'local-businesses', 'family-learning', 'city-guides')`,
    ),
    check("blog_post_rating_range", sql`${table.rating} between 0 and 5`),
    check(
      "blog_post_event_days",
      sql`(${table.eventStartsOn} is null and ${table.eventEndsOn} is null) or (${table.eventStartsOn} is not null and ${table.eventEndsOn} is not null and ${table.eventEndsOn} >= ${table.eventStartsOn})`,
    ),
    // Newest first, a page at a time, for all posts and for one type.
    index("blog_post_published_idx").on(table.publishedAt, table.id),
    index("blog_post_type_published_idx").on(table.type, table.publishedAt, table.id),
    // Upcoming events soonest first, past events latest first.
    index("blog_post_event_starts_idx").on(table.eventStartsOn, table.id),
    index("blog_post_event_ends_idx").on(table.eventEndsOn, table.id),
  ],
);

/** A post in one language: its own address (slug), title, excerpt and Markdown body. */
export const blogPostText = pgTable(
  "blog_post_text",
  {
    postId: integer()
      .notNull()
      .references(() => blogPost.id, { onDelete: "cascade" }),
    locale: text().notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    /** The title lower-cased without accents, as the title search compares it. */
    searchTitle: text().notNull(),
    excerpt: text().notNull(),
    /** Markdown, rendered and sanitized on the server when shown. */
    body: text().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.locale] }),
    unique("blog_post_text_slug").on(table.locale, table.slug),
    check("blog_post_text_locale", sql`${table.locale} in ('en-CA', 'fr-CA')`),
    check("blog_post_text_slug_shape", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * A slug a post had before staff changed it, in one language: the old address answers a 301 to
 * the post's current one, on the page and in the API. A slug a post takes again leaves this table.
 */
export const blogPostSlug = pgTable(
  "blog_post_slug",
  {
    locale: text().notNull(),
    slug: text().notNull(),
    postId: integer()
      .notNull()
      .references(() => blogPost.id, { onDelete: "cascade" }),
    retiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.locale, table.slug] })],
);
