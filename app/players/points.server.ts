import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { pointsLedger } from "../db/schema/players.ts";
import { PLAY_TIME_ZONE } from "./weeks.ts";

export type PointsChange = {
  playerId: string;
  /** Points to add; negative to take away. */
  change: number;
  /** Why, for people reading the ledger ("quiz_set"). */
  reason: string;
  /** What caused the change ("quiz_session:<id>"): a source is credited once, ever. */
  source: string;
};

/**
 * Changes a player's points and writes the ledger row, in the caller's transaction, so that the
 * ledger's sum stays equal to the balance (points - usesPoints). The balance never goes below 0:
 * a loss larger than the balance takes the balance to 0, and the ledger records what was applied.
 * A source already in the ledger fails (unique), which rolls the caller's transaction back.
 * Returns the change applied.
 */
export async function creditPoints(tx: Tx, { playerId, change, reason, source }: PointsChange) {
  // The row is locked by the update itself; `before` reads it as it was, so the applied change is
  // exactly what the update added, whatever ran concurrently before the lock was taken. The ledger
  // row is written by the same statement: one round trip.
  const result = await tx.execute<{ applied: number }>(sql`
    with before as (
      select ${user.id} as id, ${user.points} as points, ${user.usesPoints} as uses_points
      from ${user} where ${user.id} = ${playerId} for update
    ),
    credited as (
      update ${user} set points = before.points + greatest(${change}::integer, before.uses_points - before.points)
      from before where ${user.id} = before.id
      returning ${user.points} - before.points as applied
    ),
    ledger as (
      insert into ${pointsLedger} (user_id, change, reason, source)
      select ${playerId}, applied, ${reason}, ${source} from credited
    )
    select applied from credited`);
  const applied = result.rows[0]?.applied;
  if (applied === undefined) throw new Error(`No player ${playerId} to credit`);
  return applied;
}

const QUIZ_SET_REASON = "quiz_set";

/**
 * A finished quiz set, in the quiz's finishing transaction: its points through the ledger, within
 * the daily cap (points credited by sets since midnight in Toronto, at most `dailyCap`, or the
 * parent's lower cap, read under the player's lock), one more match played, and one more win when
 * every answer was right. The player's row is locked first (by
 * counting the match), so two finishes at once are counted one after the other: together they
 * never pass the cap. `points` is what the set is worth (never below 0). Returns the points
 * credited, those the player's sets had credited today before, and the cap that applied.
 */
export async function recordFinishedSet(
  tx: Tx,
  set: { playerId: string; sessionId: string; points: number; allRight: boolean; dailyCap: number },
): Promise<{ earned: number; earnedBefore: number; dailyCap: number }> {
  const [player] = await tx
    .update(user)
    .set({
      playMatch: sql`${user.playMatch} + 1`,
      winner: sql`${user.winner} + ${set.allRight ? 1 : 0}`,
    })
    .where(eq(user.id, set.playerId))
    .returning({ familyCap: user.familyPointsCap });
  // The parent's cap is read under the same lock, so a cap lowered meanwhile applies from here.
  const cap = lowerCap(set.dailyCap, player?.familyCap ?? null);
  // Read after the lock: in READ COMMITTED this statement sees a finish that held it before.
  const earnedBefore = await quizPointsToday(tx, set.playerId);
  const allowed = Math.max(0, Math.min(set.points, cap - earnedBefore));
  const earned = await creditPoints(tx, {
    playerId: set.playerId,
    change: allowed,
    reason: QUIZ_SET_REASON,
    source: `quiz_session:${set.sessionId}`,
  });
  return { earned, earnedBefore, dailyCap: cap };
}

/** The cap that applies to a player: the site's, or their parent's when it is lower. */
const lowerCap = (siteCap: number, familyCap: number | null) =>
  familyCap === null ? siteCap : Math.min(siteCap, familyCap);

/**
 * Whether the player's finished sets reached today's cap (the site's `siteCap`, or their parent's
 * lower one, decision 0071): one statement, for the results dialog.
 */
export async function dailyCapReached(
  db: Db | Tx,
  playerId: string,
  siteCap: number,
): Promise<boolean> {
  const [row] = await db
    .select({
      reached: sql<boolean>`${earnedToday(playerId)} >= least(${siteCap}::int, coalesce(${user.familyPointsCap}, ${siteCap}::int))`,
    })
    .from(user)
    .where(eq(user.id, playerId));
  return row?.reached ?? false;
}

/**
 * Points the player's finished sets credited today (since midnight in Toronto), as an expression.
 * Rows of sets that took points away, before sets stopped doing so, count as 0, not as room under
 * the cap.
 */
const earnedToday = (playerId: string) => sql<number>`(
    select coalesce(sum(greatest(${pointsLedger.change}, 0)), 0)::int
    from ${pointsLedger}
    where ${pointsLedger.userId} = ${playerId} and ${pointsLedger.reason} = ${QUIZ_SET_REASON}
      and ${pointsLedger.createdAt} >= date_trunc('day', now() at time zone ${PLAY_TIME_ZONE}) at time zone ${PLAY_TIME_ZONE})`;

async function quizPointsToday(db: Db | Tx, playerId: string): Promise<number> {
  const today = await db.execute<{ earned: number }>(
    sql`select ${earnedToday(playerId)} as earned`,
  );
  return today.rows[0]?.earned ?? 0;
}
