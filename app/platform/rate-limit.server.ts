import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { attemptWindow } from "../db/schema/platform.ts";
import type { MessageKey } from "../i18n/i18n.ts";
import { AppError } from "./errors.ts";

/**
 * At most `max` attempts of one kind per subject in a window of `windowSeconds`; past it, a 429
 * whose message (with `{{minutes}}`) says when to try again.
 */
export type Limit = { name: string; max: number; windowSeconds: number; message: MessageKey };

/**
 * Counts one attempt of `limit` for the subject (a client address, a player's id), in one atomic
 * statement: a fixed window per subject, restarted once it is over. Past the limit, a 429 with
 * Retry-After and the limit's message.
 */
export async function takeAttempt(
  db: Db | Tx,
  limit: Limit,
  subject: string | null,
  now = new Date(),
): Promise<void> {
  const key = `${limit.name}:${subject || "unknown"}`;
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
