import { normalizeForSearch } from "../platform/text.ts";
import { ALL_CATEGORIES, type CategorySlug, categoryFromSearchValue } from "./categories.ts";

export const SEARCH_TEXT_MAX = 100;
export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 50;

/** What a search asks for, as the address carries it: `?title=&location=&category=`. */
export type SearchForm = { title: string; location: string; category: string };

export type SearchCriteria = {
  /** Normalized (see normalizeForSearch); empty matches everything. */
  title: string;
  location: string;
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

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.rating}:${cursor.id}`).toString("base64url");
}

export function decodeCursor(value: string): Cursor | undefined {
  const match = /^(\d\.\d):(\d{1,10})$/.exec(Buffer.from(value, "base64url").toString("utf8"));
  if (!match) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id > 0 ? { rating: match[1] as string, id } : undefined;
}

/**
 * Reads a search from query parameters. Problems name the field and a message key; a search with
 * problems must not run.
 */
export function parseSearch(
  params: URLSearchParams,
):
  | { ok: true; search: SearchRequest }
  | { ok: false; problems: SearchProblem[]; form: SearchForm } {
  const problems: SearchProblem[] = [];
  const raw = (name: string) => params.get(name) ?? "";
  const form = {
    title: raw("title").trim(),
    location: raw("location").trim(),
    category: raw("category").trim(),
  };

  for (const field of ["title", "location"] as const) {
    if (form[field].length > SEARCH_TEXT_MAX) problems.push({ field, code: "too_long" });
  }
  const category = parseCategoryValue(form.category);
  if (category === null) problems.push({ field: "category", code: "unknown_category" });

  const cursorValue = params.get("cursor");
  const cursor = cursorValue ? decodeCursor(cursorValue) : undefined;
  if (cursorValue && !cursor) problems.push({ field: "cursor", code: "invalid_cursor" });

  const limitValue = params.get("limit");
  const limit = limitValue === null ? PAGE_SIZE_DEFAULT : Number(limitValue);
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) {
    problems.push({ field: "limit", code: "invalid_limit" });
  }

  if (problems.length > 0) return { ok: false, problems, form };
  return {
    ok: true,
    search: {
      form,
      criteria: {
        title: normalizeForSearch(form.title),
        location: normalizeForSearch(form.location),
        category: category ?? undefined,
      },
      cursor,
      limit,
    },
  };
}

/** Undefined for "every category" (empty or 'All Categories'), null for a value naming none. */
function parseCategoryValue(value: string): CategorySlug | undefined | null {
  if (value === "" || value.toLowerCase() === ALL_CATEGORIES.toLowerCase()) return undefined;
  return categoryFromSearchValue(value) ?? null;
}

/** The address of a search, with empty fields kept as the spec's links have them. */
export function searchHref(form: Partial<SearchForm>, cursor?: string): string {
  const params = new URLSearchParams({
    title: form.title ?? "",
    location: form.location ?? "",
    category: form.category ?? "",
  });
  if (cursor) params.set("cursor", cursor);
  return `/businesses?${params}`;
}

/** A business id from an address, or undefined when it cannot name one. */
export function parseBusinessId(value: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}
