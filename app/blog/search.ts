import { z } from "zod";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import {
  firstValue,
  pageCursor,
  pageLimit,
  queryText,
  type TimeCursor,
  timeCursor,
} from "../platform/query.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { BLOG_SEARCH_MAX, type BlogSearchForm } from "./links.ts";
import {
  BLOG_TYPES,
  type BlogType,
  EVENT_WHENS,
  type EventWhen,
  isBlogType,
  isEventWhen,
} from "./types.ts";

const BLOG_PAGE_SIZE = 6;
const BLOG_PAGE_MAX = 50;

export type { BlogSearchForm };

export type BlogCriteria = {
  /** Normalized (normalizeForSearch); empty matches every post. */
  title: string;
  location: string;
  type?: BlogType;
  /** Events only, those that have not ended yet or those that have; posts of every date if absent. */
  when?: EventWhen;
};

const text = queryText(BLOG_SEARCH_MAX, "blog.problems.tooLong");

/**
 * The blog list's query (`?title=&location=&type=&when=&cursor=&limit=`), for the page and the
 * API: the title and location are found anywhere in the post's title and its "city province",
 * without regard to case or accents; the type is one of BLOG_TYPES or empty for all; `when`
 * (upcoming or past) keeps event posts only, so it goes with no type or the events type.
 */
export const blogQuerySchema = z
  .object({
    title: text,
    location: text,
    type: text
      .refine((value) => value === "" || isBlogType(value), "blog.problems.unknownType")
      .meta({ enum: ["", ...BLOG_TYPES] }),
    when: text
      .refine((value) => value === "" || isEventWhen(value), "blog.problems.unknownWhen")
      .meta({ enum: ["", ...EVENT_WHENS] }),
    cursor: pageCursor(timeCursor.decode, "blog.problems.invalidCursor"),
    limit: pageLimit(BLOG_PAGE_SIZE, BLOG_PAGE_MAX, "blog.problems.invalidLimit"),
    /** The API's language; pages take theirs from the address. */
    locale: z.preprocess(firstValue, z.enum(LOCALES, "blog.problems.unknownLocale").optional()),
  })
  .refine(({ type, when }) => when === "" || type === "" || type === "events", {
    message: "blog.problems.whenOnlyEvents",
    path: ["when"],
  })
  .transform(({ title, location, type, when, cursor, limit, locale }) => ({
    form: { title, location, type: when ? "events" : type, when } satisfies BlogSearchForm,
    criteria: {
      title: normalizeForSearch(title),
      location: normalizeForSearch(location),
      type: when ? "events" : isBlogType(type) ? type : undefined,
      when: isEventWhen(when) ? when : undefined,
    } satisfies BlogCriteria,
    cursor: cursor as TimeCursor | undefined,
    limit,
    locale: locale as Locale | undefined,
  }));

/** The fields as typed, to fill the form again after a refused search. */
export function blogFormOf(params: URLSearchParams): BlogSearchForm {
  const value = (name: string) => (params.get(name) ?? "").trim();
  return {
    title: value("title"),
    location: value("location"),
    type: value("type"),
    when: value("when"),
  };
}

/** A slug as addresses carry it; anything else cannot name a post. */
export function isSlug(value: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 120;
}
