import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { job, jobText, savedJob } from "../db/schema/jobs.ts";
import { AppError } from "../platform/errors.ts";
import { isOpenAt } from "./jobs.server.ts";
import { summaryColumns, toSummary } from "./summaries.server.ts";
import type { JobSummary } from "./types.ts";

/** Saves a posting for the player; saving it again keeps the one row (and its first date). */
export async function saveJob(db: Db | Tx, userId: string, jobId: number): Promise<void> {
  const [exists] = await db.select({ id: job.id }).from(job).where(eq(job.id, jobId));
  if (!exists) throw new AppError("not_found");
  await db.insert(savedJob).values({ userId, jobId }).onConflictDoNothing();
}

export async function unsaveJob(db: Db | Tx, userId: string, jobId: number): Promise<void> {
  await db.delete(savedJob).where(and(eq(savedJob.userId, userId), eq(savedJob.jobId, jobId)));
}

export async function isJobSaved(db: Db | Tx, userId: string, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ jobId: savedJob.jobId })
    .from(savedJob)
    .where(and(eq(savedJob.userId, userId), eq(savedJob.jobId, jobId)));
  return row !== undefined;
}

export type SavedJob = JobSummary & { savedAt: string; open: boolean };

/** The player's saved postings, last saved first, closed ones marked. */
export async function listSavedJobs(
  db: Db | Tx,
  userId: string,
  now = new Date(),
): Promise<SavedJob[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      savedAt: savedJob.createdAt,
      isOpen: job.isOpen,
      closesAt: job.closesAt,
    })
    .from(savedJob)
    .innerJoin(job, eq(job.id, savedJob.jobId))
    .innerJoin(jobText, eq(jobText.jobId, savedJob.jobId))
    // A posting moderators hid leaves the list until it is restored.
    .where(and(eq(savedJob.userId, userId), isNull(job.hiddenAt)))
    .orderBy(desc(savedJob.createdAt), desc(savedJob.jobId))
    .limit(200);
  return rows.map(({ savedAt, isOpen, closesAt, ...row }) => ({
    ...toSummary(row),
    savedAt: savedAt.toISOString(),
    open: isOpenAt({ isOpen, closesAt }, now),
  }));
}
