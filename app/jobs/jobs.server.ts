import { and, desc, eq, gt, gte, inArray, isNull, like, lte, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { job, jobText } from "../db/schema/jobs.ts";
import { type Bound, statementCache, withPlaceholders } from "../db/statements.server.ts";
import { AppError } from "../platform/errors.ts";
import { lastId, rowsBetween } from "../platform/sitemap.server.ts";
import { employersResponseRates } from "./inbox.server.ts";
import { COUNT_CAP } from "./links.ts";
import { type JobCriteria, PAGE_SIZE, postedSince } from "./search.ts";
import { wordPattern } from "./search-text.ts";
import {
  type PageWithCount,
  pageOf,
  pageWithCount,
  summaryColumns,
  toSummary,
} from "./summaries.server.ts";
import type { JobDetail, JobPage } from "./types.ts";
import {
  searchTerms,
  searchWordPostings,
  termWords,
  wordPostingsPlan,
} from "./word-postings.server.ts";

/** What a search compares: LIKE patterns, times and choices (see `matchingJobs`). */
export type JobMatch = {
  now: Bound<Date>;
  keywordPatterns: Bound<string>[];
  locationPatterns: Bound<string>[];
  postedSince?: Bound<Date>;
  postedAfter?: Bound<Date>;
  employerTypes: Bound<string>[];
  workSettings: Bound<string>[];
};

/** The values of a search at `now`; `postedAfter` (for alerts) keeps only newer postings. */
export function jobMatch(criteria: JobCriteria, now: Date, postedAfter?: Date): JobMatch {
  return {
    now,
    keywordPatterns: criteria.keywords.map(wordPattern),
    locationPatterns: criteria.location.map(wordPattern),
    postedSince: postedSince(criteria, now),
    postedAfter,
    employerTypes: criteria.employerTypes,
    workSettings: criteria.workSettings,
  };
}

/**
 * The postings a search shows at `now`: open, not past their closing date, not posted later than
 * `now`, and matching every criterion.
 */
export function matchingJobs(match: JobMatch): SQL | undefined {
  // `is_open` as is, so the planner sees the partial indexes' own predicate.
  const conditions: SQL[] = [
    sql`${job.isOpen}`,
    // As the partial indexes' predicate too: a posting moderators hid is not listed.
    sql`${job.hiddenAt} is null`,
    gt(job.closesAt, match.now),
    lte(job.postedAt, match.now),
  ];
  for (const pattern of match.keywordPatterns) conditions.push(like(job.searchText, pattern));
  for (const pattern of match.locationPatterns) conditions.push(like(job.searchLocation, pattern));
  if (match.postedSince) conditions.push(gte(job.postedAt, match.postedSince));
  if (match.postedAfter) conditions.push(gt(job.postedAt, match.postedAfter));
  if (match.employerTypes.length > 0)
    conditions.push(inArray(job.employerType, match.employerTypes));
  if (match.workSettings.length > 0) conditions.push(inArray(job.workSetting, match.workSettings));
  return and(...conditions);
}

const newestFirst = [desc(job.postedAt), desc(job.id)];

/**
 * A search through the postings' own table. Two parts the planner plans apart: the count, the
 * first COUNT_CAP + 1 matches in no order (so it can stop early whichever index it reads), and the
 * page, newest first, which reads only as far as its last row down the list index. Without words
 * its plan is the same for any values; with words (a term too common for the postings lists,
 * `searchJobs`) it is planned for them: down the list index for common words, through the
 * trigram indexes for rare ones. Separate from searchJobs so the benchmark can print its plan.
 */
export function searchJobsQuery(db: Db | Tx, match: JobMatch, offset: Bound<number>) {
  const where = matchingJobs(match);
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(job)
    .where(where)
    .limit(COUNT_CAP + 1);
  const counted = db
    .select({ total: sql<number>`count(*)`.mapWith(Number).as("total") })
    .from(matches.as("matches"))
    .as("counted");
  // Ids first, from the index alone; only the page's own rows are then read from the table.
  const pageIds = db
    .select({ id: job.id, postedAt: job.postedAt })
    .from(job)
    .where(where)
    .orderBy(...newestFirst)
    .offset(offset)
    .limit(PAGE_SIZE)
    .as("page_ids");
  return pageWithCount(db, counted, pageIds);
}

const searchStatements = statementCache<PageWithCount>("job_search");

/**
 * One page of the postings matching `criteria`, newest first, with their number counted up to
 * COUNT_CAP. Words are looked up in the search's vocabulary first: a term no posting holds ends
 * the search, and most searches with words are then read from their words' postings lists
 * (decision 0026, `wordPostingsPlan`). A search without words, or whose terms are all common,
 * reads the postings' table.
 */
export async function searchJobs(
  db: Db | Tx,
  criteria: JobCriteria,
  page: number,
  now = new Date(),
): Promise<JobPage> {
  const offset = (page - 1) * PAGE_SIZE;
  const terms = await termWords(db, searchTerms(criteria));
  if (terms.some(({ words }) => words.length === 0)) return pageOf([], page);
  const plan = wordPostingsPlan(terms);
  if (plan)
    return ratedPage(db, await searchWordPostings(db, plan, criteria, offset, now), page, now);

  const { bound, values, shape } = withPlaceholders(jobMatch(criteria, now));
  const statement = searchStatements(
    db,
    shape,
    (handle) => searchJobsQuery(handle, bound, sql.placeholder("offset")),
    // Words need a plan of their own: a common one walks the list, a rare one its trigram index.
    { samePlanForAnyValues: terms.length === 0 },
  );
  return ratedPage(db, await statement.execute({ ...values, offset }), page, now);
}

/** The page, its verified employers' response rates read in one more statement for them all. */
async function ratedPage(
  db: Db | Tx,
  rows: PageWithCount,
  page: number,
  now: Date,
): Promise<JobPage> {
  const employers = new Set(
    rows.flatMap(({ row }) => (row?.verifiedEmployer && row.employerId ? [row.employerId] : [])),
  );
  return pageOf(rows, page, await employersResponseRates(db, [...employers], now));
}

export function isOpenAt(row: { isOpen: boolean; closesAt: Date }, now: Date): boolean {
  return row.isOpen && row.closesAt > now;
}

/**
 * One posting with everything its page shows, closed ones too; never the contact e-mail. No
 * posting with that id is `not_found`, and so is a draft or a posting held for staff, unless its
 * employer's preview asks (`unpublished`, once it checked the posting is its own).
 */
export async function getJob(
  db: Db | Tx,
  id: number,
  now = new Date(),
  { unpublished = false }: { unpublished?: boolean } = {},
): Promise<JobDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      reference: job.reference,
      postalCode: job.postalCode,
      skills: jobText.skills,
      description: jobText.description,
      questions: jobText.questions,
      closesAt: job.closesAt,
      isOpen: job.isOpen,
      aiScreening: job.aiScreening,
      existingVacancy: job.existingVacancy,
      hiddenAt: job.hiddenAt,
      status: job.status,
    })
    .from(job)
    .innerJoin(jobText, eq(jobText.jobId, job.id))
    .where(eq(job.id, id));
  if (!row || (!unpublished && (row.status === "draft" || row.status === "held")))
    throw new AppError("not_found");
  // Hidden by moderators: the page and the API answer 410 until it is restored.
  if (row.hiddenAt) throw new AppError("gone");
  const {
    hiddenAt: _,
    status: __,
    reference,
    postalCode,
    skills,
    description,
    questions,
    closesAt,
    isOpen,
    aiScreening,
    existingVacancy,
    ...summary
  } = row;
  return {
    ...toSummary(summary),
    reference,
    postalCode,
    skills,
    description,
    questions,
    closesAt: closesAt.toISOString(),
    open: isOpenAt({ isOpen, closesAt }, now),
    ontario:
      aiScreening !== null && existingVacancy !== null ? { aiScreening, existingVacancy } : null,
  };
}

/** The sitemap's postings (closed ones keep their page, so they are listed): ids 1 to the last, read by keyset pages. */
export const lastJobId = (db: Db | Tx) => lastId(db, job.id);
/** Postings for the sitemap: only those that take applications (a closed one is not listed). */
export const jobRowsBetween = (db: Db | Tx, afterId: number, upToId: number, limit: number) =>
  rowsBetween(
    db,
    {
      id: job.id,
      lastmod: job.updatedAt,
      listed: and(job.isOpen, isNull(job.hiddenAt), gt(job.closesAt, sql`now()`)),
    },
    afterId,
    upToId,
    limit,
  );
