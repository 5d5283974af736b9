import { eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { signInFailure } from "../db/schema/accounts.ts";
import { AppError } from "../platform/errors.ts";
import { hashedSubject } from "../platform/rate-limit.server.ts";

/**
 * Sign-in attempts per account, on top of Better Auth's per-address limit (which many addresses
 * get around): a few attempts free, then a wait that doubles with each further attempt, up to a
 * cap, so the owner is slowed, never locked out for good. Quiet for a day, an account starts over.
 */
export const SIGN_IN_BACKOFF = {
  freeAttempts: 5,
  firstWaitSeconds: 60,
  maxWaitSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** The key of an address's attempts: a hash of the address as Better Auth stores it. */
function keyOf(email: string): string {
  return `sign-in:${hashedSubject(email.trim().toLowerCase())}`;
}

/** The wait after the row's last attempt, in seconds (0 while attempts are free). */
const waitSeconds = sql`case when ${signInFailure.failures} < ${SIGN_IN_BACKOFF.freeAttempts} then 0
  else least(${SIGN_IN_BACKOFF.firstWaitSeconds} * power(2, least(${signInFailure.failures} - ${SIGN_IN_BACKOFF.freeAttempts}, 10)), ${SIGN_IN_BACKOFF.maxWaitSeconds}) end`;

/**
 * Counts a sign-in attempt for the address before its password is checked (so attempts sent at
 * once count too), in one atomic statement; a success forgets them (forgetSignInAttempts). While
 * the address must wait, the attempt is not counted and is refused with a 429 and Retry-After,
 * the same whether or not an account has the address.
 */
export async function countSignInAttempt(
  db: Db | Tx,
  email: string,
  now = new Date(),
): Promise<void> {
  const key = keyOf(email);
  const waiting = sql`${signInFailure.lastFailedAt} + make_interval(secs => ${waitSeconds}) > ${now}::timestamptz`;
  const forgotten = sql`${signInFailure.lastFailedAt} <= ${now}::timestamptz - make_interval(secs => ${SIGN_IN_BACKOFF.forgetAfterSeconds})`;
  const [counted] = await db
    .insert(signInFailure)
    .values({ key, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: signInFailure.key,
      set: {
        failures: sql`case when ${forgotten} then 1 else ${signInFailure.failures} + 1 end`,
        lastFailedAt: now,
      },
      setWhere: sql`not (${waiting})`,
    })
    .returning({ failures: signInFailure.failures });
  if (counted) return;
  const [row] = await db
    .select({
      until: sql<string>`${signInFailure.lastFailedAt} + make_interval(secs => ${waitSeconds})`,
    })
    .from(signInFailure)
    .where(eq(signInFailure.key, key));
  const until = row ? new Date(row.until).getTime() : now.getTime();
  const retryAfter = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  throw new AppError("too_many_requests", {
    message: "auth.problems.tooManyWait",
    retryAfter,
    values: { minutes: Math.ceil(retryAfter / 60) },
  });
}

/** A successful sign-in: the address's attempts start over. */
export async function forgetSignInAttempts(db: Db | Tx, email: string): Promise<void> {
  await db.delete(signInFailure).where(eq(signInFailure.key, keyOf(email)));
}

/**
 * Drops the attempts of addresses quiet for SIGN_IN_BACKOFF.forgetAfterSeconds, which the next
 * attempt would start over anyway (a scheduled task); returns how many.
 */
export async function pruneSignInFailures(db: Db | Tx, now = new Date()): Promise<number> {
  const forgottenBefore = new Date(now.getTime() - SIGN_IN_BACKOFF.forgetAfterSeconds * 1000);
  const removed = await db
    .delete(signInFailure)
    .where(lte(signInFailure.lastFailedAt, forgottenBefore))
    .returning({ key: signInFailure.key });
  return removed.length;
}
