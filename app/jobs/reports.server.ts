import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../db/client.server.ts";
import { job, jobReport } from "../db/schema/jobs.ts";
import { AppError } from "../platform/errors.ts";
import type { reportSchema } from "./report.ts";

/** Stores a report for review; the posting stays as it is until someone reviews it. */
export async function reportJob(
  db: Db | Tx,
  jobId: number,
  report: z.output<typeof reportSchema>,
  userId: string | null,
): Promise<void> {
  const [exists] = await db.select({ id: job.id }).from(job).where(eq(job.id, jobId));
  if (!exists) throw new AppError("not_found");
  await db.insert(jobReport).values({ jobId, ...report, userId });
}
