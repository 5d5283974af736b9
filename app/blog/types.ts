import type { Locale } from "../i18n/locale.ts";

/** The kinds of post, in the order the type filter lists them. */
export const BLOG_TYPES = ["events", "local-businesses", "family-learning", "city-guides"] as const;

export type BlogType = (typeof BLOG_TYPES)[number];

export function isBlogType(value: unknown): value is BlogType {
  return (BLOG_TYPES as readonly unknown[]).includes(value);
}

/** An events post's event: its first and last day, as YYYY-MM-DD. */
export type EventDays = { startsOn: string; endsOn: string };

/** The two halves of the events list: not ended yet, and ended. */
export const EVENT_WHENS = ["upcoming", "past"] as const;

export type EventWhen = (typeof EVENT_WHENS)[number];

export function isEventWhen(value: unknown): value is EventWhen {
  return (EVENT_WHENS as readonly unknown[]).includes(value);
}

/** A post as the cards and the list API show it, in one language. */
export type BlogSummary = {
  id: number;
  locale: Locale;
  slug: string;
  title: string;
  excerpt: string;
  type: BlogType;
  city: string;
  province: string;
  rating: number;
  cover: string;
  authorName: string;
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
  /** An events post's event days; null for other posts. */
  event: EventDays | null;
};

export type BlogPage = { items: BlogSummary[]; nextCursor: string | null };

/** A whole post in one language: its Markdown, the sanitized HTML made from it, its other slugs. */
export type BlogPost = BlogSummary & {
  markdown: string;
  html: string;
  /** The post's slug in each language. */
  slugs: Record<Locale, string>;
};

/** The blog's Atom feed, in English at this path and in French under /fr. */
export const BLOG_FEED_PATH = "/blogs/feed.xml";
export const BLOG_FEED_TYPE = "application/atom+xml";
