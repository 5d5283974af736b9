import { z } from "zod";
import type { Province } from "../platform/provinces.ts";
import {
  CURSOR_ID,
  cursorCodec,
  pageCursor,
  pageLimit,
  parseRowId,
  queryText as platformQueryText,
} from "../platform/query.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { ALL_CATEGORIES, type CategorySlug, categoryFromSearchValue } from "./categories.ts";
import { SEARCH_TEXT_MAX, type SearchForm } from "./links.ts";
import { parseLocation } from "./location.ts";

const PAGE_SIZE_DEFAULT = 12;
const PAGE_SIZE_MAX = 50;

export type SearchCriteria = {
  /** Normalized (see normalizeForSearch); empty matches everything. */
  title: string;
  /** The location's city part, normalized; matched anywhere in "city province". */
  location: string;
  /** The province the location names, if it names one (see parseLocation). */
  province?: Province;
  category?: CategorySlug;
};

export type Cursor = { rating: string; id: number };

export type SearchRequest = {
  form: SearchForm;
  criteria: SearchCriteria;
  cursor?: Cursor;
  limit: number;
};

export type SearchProblem = {
  field: "title" | "location" | "category" | "cursor" | "limit";
  code: string;
};

/** Where a page of results starts: after this business, in rating order. */
export const searchCursor = cursorCodec<Cursor>(
  [String.raw`\d\.\d`, CURSOR_ID],
  (cursor) => [cursor.rating, cursor.id],
  ([rating = "", id]) => ({ rating, id: Number(id) }),
);

const queryText = platformQueryText(SEARCH_TEXT_MAX, "search.problems.too_long");

/**
 * A search as the address carries it (`?title=&location=&category=&cursor=&limit=`), checked and
 * turned into criteria. Problems carry message keys `search.problems.*`; a search with problems must
 * not run. Used through readInput by the page and the API alike.
 */
export const searchQuerySchema = z
  .object({
    title: queryText,
    location: queryText,
    category: queryText.refine(
      (value) => parseCategoryValue(value) !== null,
      "search.problems.unknown_category",
    ),
    cursor: pageCursor(searchCursor.decode, "search.problems.invalid_cursor"),
    limit: pageLimit(PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, "search.problems.invalid_limit"),
  })
  .transform(({ title, location, category, cursor, limit }): SearchRequest => {
    const place = parseLocation(location);
    return {
      form: { title, location, category },
      criteria: {
        title: normalizeForSearch(title),
        location: place.city,
        ...(place.province && { province: place.province }),
        category: parseCategoryValue(category) ?? undefined,
      },
      cursor: cursor as Cursor | undefined,
      limit,
    };
  });

/** The search's fields as typed, for filling the form again after a refused search. */
export function searchFormOf(params: URLSearchParams): SearchForm {
  const value = (name: string) => (params.get(name) ?? "").trim();
  return { title: value("title"), location: value("location"), category: value("category") };
}

/**
 * Reads a search from query parameters. Problems name the field and the code of their message
 * (`search.problems.<code>`), in field order.
 */
export function parseSearch(
  params: URLSearchParams,
): { ok: true; search: SearchRequest } | { ok: false; problems: SearchProblem[] } {
  const parsed = searchQuerySchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { ok: true, search: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      field: String(issue.path[0]) as SearchProblem["field"],
      code: issue.message.replace("search.problems.", ""),
    })),
  };
}

/** Undefined for "every category" (empty or 'All Categories'), null for a value naming none. */
function parseCategoryValue(value: string): CategorySlug | undefined | null {
  if (value === "" || value.toLowerCase() === ALL_CATEGORIES.toLowerCase()) return undefined;
  return categoryFromSearchValue(value) ?? null;
}

/** A business id from an address, or undefined when it cannot name one. */
export const parseBusinessId = parseRowId;
