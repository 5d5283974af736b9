// What the search form and the list need in the browser, kept apart from search.ts so that its
// zod schema stays on the server.
import type { EmployerType, WorkSetting } from "./posting.ts";

export const SEARCH_TEXT_MAX = 100;
/**
 * Results are counted up to this many; beyond, the list says "more than 500" and pages stop at the
 * 25th: a count or a page never reads more than this many matches, however common the words
 * (docs/decisions/0015-jobs-search-and-pay-rules.md).
 */
export const COUNT_CAP = 500;

/** Posted Date: Today, Last 3 Days, Last 7 Days are the last 24, 72 and 168 hours. */
export const POSTED_WITHIN = { "1": 24, "3": 72, "7": 168 } as const;
export type PostedWithin = keyof typeof POSTED_WITHIN;

/** A search as the address carries it, for filling the form again. */
export type JobSearchForm = {
  keywords: string;
  location: string;
  posted: PostedWithin | "";
  employerType: EmployerType[];
  workSetting: WorkSetting[];
};

/** The query string of a search (without "?"); empty fields left out, so addresses stay short. */
export function searchQuery(form: Partial<JobSearchForm>, page?: number): string {
  const params = new URLSearchParams();
  if (form.keywords) params.set("keywords", form.keywords);
  if (form.location) params.set("location", form.location);
  if (form.posted) params.set("posted", form.posted);
  for (const value of form.employerType ?? []) params.append("employerType", value);
  for (const value of form.workSetting ?? []) params.append("workSetting", value);
  if (page && page > 1) params.set("page", String(page));
  return params.toString();
}
