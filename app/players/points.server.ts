import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { pointsLedger } from "../db/schema/players.ts";

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
  // exactly what the update added, whatever ran concurrently before the lock was taken.
  const result = await tx.execute<{ applied: number }>(sql`
    with before as (
      select ${user.id} as id, ${user.points} as points, ${user.usesPoints} as uses_points
      from ${user} where ${user.id} = ${playerId} for update
    )
    update ${user} set points = before.points + greatest(${change}::integer, before.uses_points - before.points)
    from before where ${user.id} = before.id
    returning ${user.points} - before.points as applied`);
  const applied = result.rows[0]?.applied;
  if (applied === undefined) throw new Error(`No player ${playerId} to credit`);
  await tx.insert(pointsLedger).values({ userId: playerId, change: applied, reason, source });
  return applied;
}

/**
 * A finished quiz set, in the quiz's finishing transaction: its score through the ledger, one more
 * match played, and one more win when every answer was right.
 */
export async function recordFinishedSet(
  tx: Tx,
  set: { playerId: string; sessionId: string; score: number; allRight: boolean },
) {
  const applied = await creditPoints(tx, {
    playerId: set.playerId,
    change: set.score,
    reason: "quiz_set",
    source: `quiz_session:${set.sessionId}`,
  });
  await tx
    .update(user)
    .set({
      playMatch: sql`${user.playMatch} + 1`,
      winner: sql`${user.winner} + ${set.allRight ? 1 : 0}`,
    })
    .where(eq(user.id, set.playerId));
  return applied;
}
