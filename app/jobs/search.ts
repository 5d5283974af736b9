import { z } from "zod";
import {
  firstValue,
  pageLimit,
  parseRowId,
  queryText as platformQueryText,
} from "../platform/query.ts";
import { isReadableText } from "../platform/text.ts";
import {
  COUNT_CAP,
  type JobSearchForm,
  POSTED_WITHIN,
  type PostedWithin,
  SEARCH_TEXT_MAX,
} from "./links.ts";
import { EMPLOYER_TYPES, type EmployerType, WORK_SETTINGS, type WorkSetting } from "./posting.ts";
import { keywordTerms, locationTerms } from "./search-text.ts";

/** Each word is one more condition to plan and check: ten per box is plenty for a person. */
const SEARCH_WORDS_MAX = 10;
export const PAGE_SIZE = 20;
export const MAX_PAGE = COUNT_CAP / PAGE_SIZE;

/** What the service filters on: words already normalized, an empty list meaning "any". */
export type JobCriteria = {
  keywords: string[];
  location: string[];
  postedWithinHours?: number;
  employerTypes: EmployerType[];
  workSettings: WorkSetting[];
};

/** The earliest posted time the Posted Date filter keeps at `now`, if it is set. */
export function postedSince(criteria: JobCriteria, now: Date): Date | undefined {
  const hours = criteria.postedWithinHours;
  return hours === undefined ? undefined : new Date(now.getTime() - hours * 3_600_000);
}

export type JobSearch = { form: JobSearchForm; criteria: JobCriteria; page: number };

const allValues = (value: unknown) =>
  value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value];

const queryText = platformQueryText(SEARCH_TEXT_MAX, "jobs.problems.tooLong");
const keywordsText = queryText.refine(
  (text) => keywordTerms(text).length <= SEARCH_WORDS_MAX,
  "jobs.problems.tooManyWords",
);
const locationText = queryText.refine(
  (text) => locationTerms(text).length <= SEARCH_WORDS_MAX,
  "jobs.problems.tooManyWords",
);

/** Checkbox values, each once, in their own order; an unknown one is refused. */
function choices<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    allValues,
    z
      .array(z.enum(values, "jobs.problems.unknownChoice"))
      .max(values.length * 2, "jobs.problems.unknownChoice")
      .transform((picked) => values.filter((value) => picked.includes(value)) as T[number][])
      // Absent is none: the document shows the parameter as optional.
      .default([]),
  );
}

/** Search text that is kept (a job alert's): what no one types is refused, not just ignored. */
export const keptKeywords = keywordsText.refine(isReadableText, "errors.invalid_text");
export const keptLocation = locationText.refine(isReadableText, "errors.invalid_text");

/** The fields of a search, before they become criteria. */
export const jobSearchFields = z.object({
  keywords: keywordsText,
  location: locationText,
  posted: z.preprocess(
    firstValue,
    z
      .enum(["", ...(Object.keys(POSTED_WITHIN) as PostedWithin[])], "jobs.problems.unknownChoice")
      .default(""),
  ),
  employerType: choices(EMPLOYER_TYPES),
  workSetting: choices(WORK_SETTINGS),
  page: pageLimit(1, MAX_PAGE, "jobs.problems.invalidPage"),
});

/**
 * `?keywords=&location=&posted=&employerType=&workSetting=&page=`: the jobs page's GET form and
 * `GET /api/jobs` alike. Choosing every employer type (or work setting) is the same as none.
 */
export const jobSearchSchema = jobSearchFields.transform(
  ({ keywords, location, posted, employerType, workSetting, page }): JobSearch => ({
    form: { keywords, location, posted, employerType, workSetting },
    criteria: {
      keywords: keywordTerms(keywords),
      location: locationTerms(location),
      postedWithinHours: posted ? POSTED_WITHIN[posted] : undefined,
      employerTypes: employerType.length === EMPLOYER_TYPES.length ? [] : employerType,
      workSettings: workSetting.length === WORK_SETTINGS.length ? [] : workSetting,
    },
    page,
  }),
);

/** The search's fields as sent, for filling the form again after a refused search. */
export function searchFormOf(params: URLSearchParams): JobSearchForm {
  const known = <T extends string>(values: readonly T[], name: string) =>
    params.getAll(name).filter((value): value is T => values.includes(value as T));
  const posted = params.get("posted") ?? "";
  return {
    keywords: (params.get("keywords") ?? "").trim().slice(0, SEARCH_TEXT_MAX),
    location: (params.get("location") ?? "").trim().slice(0, SEARCH_TEXT_MAX),
    posted: posted in POSTED_WITHIN ? (posted as PostedWithin) : "",
    employerType: known(EMPLOYER_TYPES, "employerType"),
    workSetting: known(WORK_SETTINGS, "workSetting"),
  };
}

/** A job id from an address, or undefined when it cannot name one. */
export const parseJobId = parseRowId;
