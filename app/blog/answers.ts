import { z } from "zod";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import { cursorPage } from "../platform/wire.ts";
import { BLOG_TYPES } from "./types.ts";

/** The blog's API answers, as zod schemas: the API document is generated from them. */

/** An events post's event: its first and last day, as YYYY-MM-DD. */
const eventDaysSchema = z.object({
  startsOn: z.iso.date().meta({ example: "2026-02-13" }),
  endsOn: z.iso.date().meta({ example: "2026-02-22" }),
});
export type EventDays = z.output<typeof eventDaysSchema>;

/** A post as the cards and the list API show it, in one language. */
export const blogSummarySchema = z
  .object({
    id: z.int().meta({ example: 3 }),
    locale: z.enum(LOCALES),
    slug: z.string().meta({
      description: "The post's address in its language: /blogs/{slug}, or /fr/blogs/{slug}",
      example: "quebec-winter-carnival-with-kids",
    }),
    title: z.string(),
    excerpt: z.string(),
    type: z.enum(BLOG_TYPES),
    city: z.string().meta({ example: "Québec" }),
    province: z.string().meta({ example: "QC" }),
    rating: z.number().min(0).max(5).meta({ example: 4.8 }),
    cover: z.string().meta({ description: "Path of the cover picture on this site" }),
    authorName: z.string(),
    publishedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    readingMinutes: z
      .int()
      .min(1)
      .meta({ description: "Minutes to read it at 200 words a minute, rounded up" }),
    event: eventDaysSchema.nullable().meta({
      description: "An events post's event: its first and last day; null for other posts",
    }),
  })
  .meta({ description: "A post in one language" });
export type BlogSummary = z.output<typeof blogSummarySchema>;

export const blogPageSchema = cursorPage(blogSummarySchema);
export type BlogPage = z.output<typeof blogPageSchema>;

/** A whole post in one language: its Markdown, the sanitized HTML made from it, its other slugs. */
export const blogPostSchema = blogSummarySchema.extend({
  markdown: z.string().meta({ description: "The body as written, in Markdown" }),
  html: z.string().meta({
    description:
      "The body rendered and sanitized on the server: headings, paragraphs, emphasis, lists, quotes and links only (links to other sites carry rel=nofollow)",
  }),
  slugs: z
    .object(
      Object.fromEntries(LOCALES.map((locale) => [locale, z.string()])) as Record<
        Locale,
        z.ZodString
      >,
    )
    .meta({ description: "The post's slug in each language" }),
});
export type BlogPost = z.output<typeof blogPostSchema>;
