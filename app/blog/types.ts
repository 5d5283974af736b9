/** The kinds of post, in the order the type filter lists them. */
export const BLOG_TYPES = ["events", "local-businesses", "family-learning", "city-guides"] as const;

export type BlogType = (typeof BLOG_TYPES)[number];

export function isBlogType(value: unknown): value is BlogType {
  return (BLOG_TYPES as readonly unknown[]).includes(value);
}

/** The two halves of the events list: not ended yet, and ended. */
export const EVENT_WHENS = ["upcoming", "past"] as const;

export type EventWhen = (typeof EVENT_WHENS)[number];

export function isEventWhen(value: unknown): value is EventWhen {
  return (EVENT_WHENS as readonly unknown[]).includes(value);
}

/** The blog's Atom feed, in English at this path and in French under /fr. */
export const BLOG_FEED_PATH = "/blogs/feed.xml";
export const BLOG_FEED_TYPE = "application/atom+xml";

// The answers' shapes are zod schemas (the API document is made from them) in answers.ts, apart
// from these constants, which pages load in the browser without zod.
export type { BlogPage, BlogPost, BlogSummary, EventDays } from "./answers.ts";
