import fs from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { follow, redeemGoal } from "../db/schema/players.ts";
import { GOAL_SEEDS } from "./goals.ts";
import { PUBLIC_PROFILE_MIN_AGE } from "./identity.ts";
import { creditPoints } from "./points.server.ts";

/** Adds the demo goals that are missing (by slug); returns how many were added. */
export async function seedRedeemGoals(db: Db): Promise<number> {
  const added = await db
    .insert(redeemGoal)
    .values(GOAL_SEEDS)
    .onConflictDoNothing({ target: redeemGoal.slug })
    .returning({ id: redeemGoal.id });
  return added.length;
}

const handle = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

/**
 * `content/players/demo-players.json` (see content/README.md). Demo players are teenagers and
 * adults only, with public profiles: a child's profile would have to be private and anonymous.
 */
const demoPlayersFileSchema = z.strictObject({
  players: z.array(
    z.strictObject({
      handle,
      name: z.string().min(1).max(60),
      age: z.number().int().min(PUBLIC_PROFILE_MIN_AGE).max(120),
      locale: z.enum(["en-CA", "fr-CA"]),
      points: z.number().int().min(0).max(5000),
      matchesPlayed: z.number().int().min(0),
      matchesWon: z.number().int().min(0),
      follows: z.array(handle),
    }),
  ),
});

export type DemoPlayer = z.infer<typeof demoPlayersFileSchema>["players"][number];

export async function readDemoPlayers(contentDir: string): Promise<DemoPlayer[]> {
  const file = path.join(contentDir, "players", "demo-players.json");
  return demoPlayersFileSchema.parse(JSON.parse(await fs.readFile(file, "utf8"))).players;
}

/** A demo player's id: fixed, so the other areas' demo content can name its author. */
const demoPlayerId = (playerHandle: string) => `demo-player-${playerHandle}`;

/**
 * Adds the demo players that are missing, each with their points (through the ledger, as every
 * change of points) and whom they follow. They have no password and no other way in: nobody can
 * sign in as one. A handle already taken by a real player is left to that player. Returns how many
 * were added and the ids of the demo players present, by handle.
 */
export async function seedDemoPlayers(
  db: Database,
  players: DemoPlayer[],
): Promise<{ added: number; ids: Map<string, string> }> {
  return db.transaction(async (tx) => {
    const added = new Set<string>();
    for (const player of players) {
      const id = demoPlayerId(player.handle);
      const [row] = await tx
        .insert(user)
        .values({
          id,
          name: player.name,
          email: `${player.handle}@players.example`,
          emailVerified: true,
          handle: player.handle,
          age: player.age,
          profilePublic: true,
          locale: player.locale,
          playMatch: player.matchesPlayed,
          winner: player.matchesWon,
        })
        .onConflictDoNothing()
        .returning({ id: user.id });
      if (!row) continue;
      added.add(player.handle);
      if (player.points > 0)
        await creditPoints(tx, {
          playerId: id,
          change: player.points,
          reason: "demo_player",
          source: `demo_player:${player.handle}`,
        });
    }
    const present = await tx
      .select({ id: user.id, handle: user.handle })
      .from(user)
      .where(
        inArray(
          user.id,
          players.map((player) => demoPlayerId(player.handle)),
        ),
      );
    const ids = new Map(present.map((row) => [row.handle, row.id]));
    // Only the players added now get their follows: one a demo player dropped stays dropped.
    const follows = players.flatMap((player) =>
      added.has(player.handle)
        ? player.follows.flatMap((followee) => {
            const followeeId = ids.get(followee);
            return followeeId && followee !== player.handle
              ? [{ followerId: demoPlayerId(player.handle), followeeId }]
              : [];
          })
        : [],
    );
    if (follows.length > 0) await tx.insert(follow).values(follows).onConflictDoNothing();
    return { added: added.size, ids };
  });
}
