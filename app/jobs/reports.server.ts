import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../db/client.server.ts";
import { job, jobReport } from "../db/schema/jobs.ts";
import { AppError } from "../platform/errors.ts";
import { type Reporter, reporterKey } from "../platform/reporter.server.ts";
import type { reportSchema } from "./report.ts";

/**
 * Stores a report for review; the posting stays as it is until someone reviews it. One report per
 * reporter and job: a player by their account, a visitor by (a hash of) their address; a second is
 * a 409 `already_reported` that says so.
 */
export async function reportJob(
  db: Db | Tx,
  jobId: number,
  report: z.output<typeof reportSchema>,
  reporter: Reporter,
): Promise<void> {
  const [exists] = await db.select({ hiddenAt: job.hiddenAt }).from(job).where(eq(job.id, jobId));
  if (!exists) throw new AppError("not_found");
  // Moderators already took it down: there is nothing left to report.
  if (exists.hiddenAt) throw new AppError("gone");
  const [stored] = await db
    .insert(jobReport)
    .values({ jobId, ...report, userId: reporter.userId, reporter: reporterKey(reporter) })
    .onConflictDoNothing()
    .returning({ id: jobReport.id });
  if (!stored) throw new AppError("already_reported", { message: "jobs.problems.alreadyReported" });
}
