import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { job, jobReport } from "../db/schema/jobs.ts";
import type { Locale } from "../i18n/locale.ts";
import type { ModeratedKind } from "../platform/moderation.server.ts";

// The job board's console operations (issue 25): reported postings, as the console reads and
// moderates them. The moves are the platform's (app/platform/moderation.server.ts). Postings have
// no author account (they are seeded), so hiding one e-mails nobody.

export const JOB_MODERATION: ModeratedKind = {
  kind: "job",
  item: job,
  id: job.id,
  hiddenAt: job.hiddenAt,
  hiddenReason: job.hiddenReason,
  hiddenNote: job.hiddenNote,
  reports: jobReport,
  reportId: jobReport.id,
  reportItem: jobReport.jobId,
  reportedAt: jobReport.createdAt,
  reportReason: jobReport.reason,
  reportDetails: jobReport.details,
  reportUser: jobReport.userId,
  resolvedAt: jobReport.resolvedAt,
  resolution: jobReport.resolution,
};

/** A reported posting as a moderator reads it. */
export type JobItem = { id: number; title: string; company: string; href: string };

/** The postings with these ids, titled in the moderator's language. */
export async function jobItems(
  db: Db | Tx,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, JobItem>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: job.id, title: job.title, company: job.company })
    .from(job)
    .where(inArray(job.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, title: row.title[locale], company: row.company, href: `/jobs/${row.id}` },
    ]),
  );
}
