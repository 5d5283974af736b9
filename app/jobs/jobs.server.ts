import { and, desc, eq, gt, gte, inArray, like, lte, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { job, jobText } from "../db/schema/jobs.ts";
import { type Bound, statementCache, withPlaceholders } from "../db/statements.server.ts";
import { idsBetween, lastId } from "../platform/sitemap.server.ts";
import type { EmployerType, EmploymentType, PayPeriod, WorkSetting } from "./posting.ts";
import type { ProvinceCode } from "./provinces.ts";
import { COUNT_CAP, type JobCriteria, PAGE_SIZE } from "./search.ts";
import { SUBSTRING_MIN_LENGTH } from "./search-text.ts";
import type { JobDetail, JobPage, JobSummary } from "./types.ts";

export const summaryColumns = {
  id: job.id,
  title: job.title,
  company: job.company,
  companyLogo: job.companyLogo,
  city: job.city,
  province: job.province,
  workSetting: job.workSetting,
  employerType: job.employerType,
  employmentType: job.employmentType,
  payMinCents: job.payMinCents,
  payMaxCents: job.payMaxCents,
  payPeriod: job.payPeriod,
  overview: jobText.overview,
  postedAt: job.postedAt,
  updatedAt: job.updatedAt,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] };

export function toSummary(row: SummaryRow): JobSummary {
  const { payMinCents, payMaxCents, payPeriod, ...rest } = row;
  return {
    ...rest,
    province: row.province as ProvinceCode,
    workSetting: row.workSetting as WorkSetting,
    employerType: row.employerType as EmployerType,
    employmentType: row.employmentType as EmploymentType,
    pay: { minCents: payMinCents, maxCents: payMaxCents, period: payPeriod as PayPeriod },
    postedAt: row.postedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The LIKE pattern for one search word: anywhere in a word from three characters on, otherwise a
 * whole word (columns hold " word word "), so "IT" or "RN" find those words and not "facility".
 * Both shapes give pg_trgm trigrams to look up. Wildcards are escaped (search words never hold
 * any: punctuation separates words).
 */
export function wordPattern(term: string): string {
  const literal = term.replace(/[\\%_]/g, (character) => `\\${character}`);
  return term.length < SUBSTRING_MIN_LENGTH ? `% ${literal} %` : `%${literal}%`;
}

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
    postedSince:
      criteria.postedWithinHours === undefined
        ? undefined
        : new Date(now.getTime() - criteria.postedWithinHours * 3_600_000),
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
 * The statement behind a page of results. Two parts the planner plans apart, in one round trip:
 * the count, the first COUNT_CAP + 1 matches in no order (so it can stop early whichever index
 * it reads), and the page, newest first, which reads only as far as its last row: down the list
 * index for common words, through the trigram indexes for rare ones. Separate from searchJobs so
 * the benchmark can print its plan.
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
  const rows = db
    .select(summaryColumns)
    .from(pageIds)
    .innerJoin(job, eq(job.id, pageIds.id))
    .innerJoin(jobText, eq(jobText.jobId, pageIds.id))
    .orderBy(desc(pageIds.postedAt), desc(pageIds.id))
    .as("page_rows");
  const { id, title, company, companyLogo, city, province, workSetting, employerType } = rows;
  const { employmentType, payMinCents, payMaxCents, payPeriod, overview, postedAt, updatedAt } =
    rows;
  return db
    .select({
      total: counted.total,
      row: {
        id,
        title,
        company,
        companyLogo,
        city,
        province,
        workSetting,
        employerType,
        employmentType,
        payMinCents,
        payMaxCents,
        payPeriod,
        overview,
        postedAt,
        updatedAt,
      },
    })
    .from(counted)
    .leftJoinLateral(rows, sql`true`);
}

const searchStatements = statementCache<Awaited<ReturnType<typeof searchJobsQuery>>>("job_search");

/**
 * One page of the postings matching `criteria`, newest first, with their number counted up to
 * COUNT_CAP, in one statement (an empty page past the last still has the count).
 */
export async function searchJobs(
  db: Db | Tx,
  criteria: JobCriteria,
  page: number,
  now = new Date(),
): Promise<JobPage> {
  const { bound, values, shape } = withPlaceholders(jobMatch(criteria, now));
  // Words need a plan of their own: a common one walks the list, a rare one its trigram index.
  const anyWords = criteria.keywords.length + criteria.location.length > 0;
  const statement = searchStatements(
    db,
    shape,
    (handle) => searchJobsQuery(handle, bound, sql.placeholder("offset")),
    { samePlanForAnyValues: !anyWords },
  );
  const rows = await statement.execute({ ...values, offset: (page - 1) * PAGE_SIZE });
  const found = rows[0]?.total ?? 0;
  const total = Math.min(found, COUNT_CAP);
  return {
    items: rows.flatMap(({ row }) => (row ? [toSummary(row)] : [])),
    total,
    totalCapped: found > COUNT_CAP,
    page,
    pageSize: PAGE_SIZE,
    pages: Math.ceil(total / PAGE_SIZE),
  };
}

/** Whether a posting takes applications at `now`. */
export function isOpenAt(row: { isOpen: boolean; closesAt: Date }, now: Date): boolean {
  return row.isOpen && row.closesAt > now;
}

/** One posting with everything its page shows, closed ones too; never the contact e-mail. */
export async function getJob(db: Db | Tx, id: number, now = new Date()): Promise<JobDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      reference: job.reference,
      postalCode: job.postalCode,
      skills: jobText.skills,
      description: jobText.description,
      closesAt: job.closesAt,
      isOpen: job.isOpen,
      aiScreening: job.aiScreening,
      existingVacancy: job.existingVacancy,
    })
    .from(job)
    .innerJoin(jobText, eq(jobText.jobId, job.id))
    .where(eq(job.id, id));
  if (!row) return null;
  const {
    reference,
    postalCode,
    skills,
    description,
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
    closesAt: closesAt.toISOString(),
    open: isOpenAt({ isOpen, closesAt }, now),
    ontario:
      aiScreening !== null && existingVacancy !== null ? { aiScreening, existingVacancy } : null,
  };
}

/** The sitemap's postings (closed ones keep their page, so they are listed): ids 1 to the last, read by keyset pages. */
export const lastJobId = (db: Db | Tx) => lastId(db, job.id);
export const jobIdsBetween = (db: Db | Tx, afterId: number, upToId: number, limit: number) =>
  idsBetween(db, job.id, afterId, upToId, limit);
