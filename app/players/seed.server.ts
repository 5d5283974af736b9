import type { Db } from "../db/client.server.ts";
import { redeemGoal } from "../db/schema/players.ts";
import { GOAL_SEEDS } from "./goals.ts";

/** Adds the demo goals that are missing (by slug); returns how many were added. */
export async function seedRedeemGoals(db: Db): Promise<number> {
  const added = await db
    .insert(redeemGoal)
    .values(GOAL_SEEDS)
    .onConflictDoNothing({ target: redeemGoal.slug })
    .returning({ id: redeemGoal.id });
  return added.length;
}
