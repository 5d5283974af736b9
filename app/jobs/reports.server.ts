import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../db/client.server.ts";
import { job, jobReport } from "../db/schema/jobs.ts";
import { AppError } from "../platform/errors.ts";
import { hashedSubject } from "../platform/rate-limit.server.ts";
import type { reportSchema } from "./report.ts";

/** Who sends a report: the signed-in player, else the visitor's client address. */
export type Reporter = { userId: string | null; clientAddress: string | null };

/**
 * Stores a report for review; the posting stays as it is until someone reviews it. One report per
 * reporter and job: a player by their account, a visitor by (a hash of) their address; a second is
 * a 409 that says so.
 */
export async function reportJob(
  db: Db | Tx,
  jobId: number,
  report: z.output<typeof reportSchema>,
  { userId, clientAddress }: Reporter,
): Promise<void> {
  const [exists] = await db.select({ id: job.id }).from(job).where(eq(job.id, jobId));
  if (!exists) throw new AppError("not_found");
  const reporter = userId
    ? `player:${userId}`
    : `address:${hashedSubject(clientAddress ?? "unknown")}`;
  const [stored] = await db
    .insert(jobReport)
    .values({ jobId, ...report, userId, reporter })
    .onConflictDoNothing()
    .returning({ id: jobReport.id });
  if (!stored) throw new AppError("conflict", { message: "jobs.problems.alreadyReported" });
}
