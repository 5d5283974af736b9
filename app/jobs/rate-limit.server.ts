import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { jobRateLimit } from "../db/schema/jobs.ts";
import { AppError } from "../platform/errors.ts";

export type Limit = { name: string; max: number; windowSeconds: number };

/** Applications per client address: enough for a seeker's busy evening, not for a script. */
export const APPLY_LIMIT: Limit = { name: "apply", max: 10, windowSeconds: 15 * 60 };
/** Alert sign-ups e-mail whatever address is typed: fewer. */
export const ALERT_LIMIT: Limit = { name: "alert", max: 5, windowSeconds: 60 * 60 };
export const REPORT_LIMIT: Limit = { name: "report", max: 10, windowSeconds: 60 * 60 };

/**
 * Counts one attempt of `limit` for the client address, in one atomic statement (a fixed window
 * per address, restarted once it is over); past the limit, a 429 that says when to try again.
 */
export async function takeAttempt(
  db: Db | Tx,
  limit: Limit,
  clientAddress: string | null,
  now = new Date(),
): Promise<void> {
  const key = `${limit.name}:${clientAddress || "unknown"}`;
  const windowOver = sql`${jobRateLimit.windowStartedAt} <= ${now}::timestamptz - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(jobRateLimit)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: jobRateLimit.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${jobRateLimit.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${now}::timestamptz else ${jobRateLimit.windowStartedAt} end`,
      },
    })
    .returning({ hits: jobRateLimit.hits, windowStartedAt: jobRateLimit.windowStartedAt });
  if (!row || row.hits <= limit.max) return;
  const retryAfter = Math.max(
    1,
    Math.ceil((row.windowStartedAt.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  throw new AppError("too_many_requests", {
    message: "jobs.problems.tooManyAttempts",
    retryAfter,
    values: { minutes: Math.ceil(retryAfter / 60) },
  });
}

/** Drops windows that ended a day ago or more (run by `npm run jobs:alerts`). */
export async function pruneAttempts(db: Db | Tx, now = new Date()): Promise<void> {
  await db
    .delete(jobRateLimit)
    .where(sql`${jobRateLimit.windowStartedAt} < ${now}::timestamptz - interval '1 day'`);
}
