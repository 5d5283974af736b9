import {
  desc,
  eq,
  type SQL,
  type SQLWrapper,
  type Subquery,
  sql,
  type WithSubquery,
} from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { employer, job, jobText } from "../db/schema/jobs.ts";
import type { Province } from "../platform/provinces.ts";
import { COUNT_CAP } from "./links.ts";
import type { EmployerType, EmploymentType, PayPeriod, WorkSetting } from "./posting.ts";
import { PAGE_SIZE } from "./search.ts";
import type { JobPage, JobSummary } from "./types.ts";

/**
 * The columns of a posting's card, from `job` and `job_text`, and whether its employer is verified
 * (the badge): read in the cards' own statement, never one more statement per card.
 */
export const summaryColumns = {
  id: job.id,
  /** For the employer's response rate (searchJobs); not part of the card itself. */
  employerId: job.employerId,
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
  verifiedEmployer: sql<boolean>`exists (select 1 from ${employer}
    where ${employer.id} = ${job.employerId} and ${employer.verifiedAt} is not null)`.as(
    "verified_employer",
  ),
};

type SummaryRow = {
  [K in Exclude<
    keyof typeof summaryColumns,
    "verifiedEmployer" | "employerId"
  >]: (typeof summaryColumns)[K]["_"]["data"];
} & { verifiedEmployer: boolean; employerId: number | null };

export function toSummary(row: SummaryRow): JobSummary {
  const { payMinCents, payMaxCents, payPeriod, employerId: _, ...rest } = row;
  return {
    ...rest,
    province: row.province as Province,
    workSetting: row.workSetting as WorkSetting,
    employerType: row.employerType as EmployerType,
    employmentType: row.employmentType as EmploymentType,
    pay: { minCents: payMinCents, maxCents: payMaxCents, period: payPeriod as PayPeriod },
    postedAt: row.postedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A subquery of postings in the list's order: their ids and posted times. */
export type PageIds = Subquery & { id: SQLWrapper; postedAt: SQLWrapper };

/**
 * A page of results and their count in one round trip: `counted` (one row, `total`) and the page
 * as `pageIds`, whose rows alone are then read from the postings' tables, both may read
 * `commonTables`. An empty page past the last still has the count.
 */
export function pageWithCount(
  db: Db | Tx,
  counted: Subquery & { total: SQL.Aliased<number> },
  pageIds: PageIds,
  commonTables: WithSubquery[] = [],
) {
  const rows = db
    .select(summaryColumns)
    .from(pageIds)
    .innerJoin(job, eq(job.id, pageIds.id))
    .innerJoin(jobText, eq(jobText.jobId, pageIds.id))
    .orderBy(desc(pageIds.postedAt), desc(pageIds.id))
    .as("page_rows");
  const { id, employerId, title, company, companyLogo, city, province, workSetting } = rows;
  const { employerType } = rows;
  const { employmentType, payMinCents, payMaxCents, payPeriod, overview, postedAt, updatedAt } =
    rows;
  const { verifiedEmployer } = rows;
  return (commonTables.length > 0 ? db.with(...commonTables) : db)
    .select({
      total: counted.total,
      row: {
        id,
        employerId,
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
        verifiedEmployer,
      },
    })
    .from(counted)
    .leftJoinLateral(rows, sql`true`);
}

export type PageWithCount = Awaited<ReturnType<typeof pageWithCount>>;

/**
 * The page a search answers, its count capped at COUNT_CAP, each card with its employer's response
 * rate where `rates` has one.
 */
export function pageOf(
  rows: PageWithCount,
  page: number,
  rates: ReadonlyMap<number, number> = new Map(),
): JobPage {
  const found = rows[0]?.total ?? 0;
  const total = Math.min(found, COUNT_CAP);
  return {
    items: rows.flatMap(({ row }) => {
      if (!row) return [];
      const responseRate = row.employerId === null ? undefined : rates.get(row.employerId);
      return [{ ...toSummary(row), ...(responseRate === undefined ? {} : { responseRate }) }];
    }),
    total,
    totalCapped: found > COUNT_CAP,
    page,
    pageSize: PAGE_SIZE,
    pages: Math.ceil(total / PAGE_SIZE),
  };
}
