import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { attemptWindow } from "../db/schema/platform.ts";
import { AppError } from "./errors.ts";
import { LIMITS, type LimitName } from "./limits.ts";

/**
 * Counts one attempt at the action `name` (its limit in LIMITS, app/platform/limits.ts) for the
 * subject (a client address, a player's id, a hashed recipient), in one atomic statement: a fixed
 * window per subject, restarted once it is over. Past the limit, a 429 with Retry-After and the
 * limit's message, which page actions and the API show alike. Called before the action checks its
 * input (decision 0038).
 */
export async function takeAttempt(
  db: Db | Tx,
  name: LimitName,
  subject: string | null,
  now = new Date(),
): Promise<void> {
  const limit = LIMITS[name];
  const key = `${name}:${subject || "unknown"}`;
  const windowOver = sql`${attemptWindow.windowStartedAt} <= ${now}::timestamptz - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(attemptWindow)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: attemptWindow.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${attemptWindow.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${now}::timestamptz else ${attemptWindow.windowStartedAt} end`,
      },
    })
    .returning({ hits: attemptWindow.hits, windowStartedAt: attemptWindow.windowStartedAt });
  if (!row || row.hits <= limit.max) return;
  const retryAfter = Math.max(
    1,
    Math.ceil((row.windowStartedAt.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  throw new AppError("too_many_requests", {
    message: limit.message,
    retryAfter,
    values: { minutes: Math.ceil(retryAfter / 60) },
  });
}

/** Drops windows that started a day ago or more (a scheduled task); returns how many. */
export async function pruneAttempts(db: Db | Tx, now = new Date()): Promise<number> {
  const removed = await db
    .delete(attemptWindow)
    .where(sql`${attemptWindow.windowStartedAt} < ${now}::timestamptz - interval '1 day'`)
    .returning({ key: attemptWindow.key });
  return removed.length;
}

/**
 * What is stored in place of a client address or an e-mail address that only has to be recognized
 * again (a limit's subject, who reported a job): a SHA-256 of it, never the address itself.
 */
export function hashedSubject(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}
