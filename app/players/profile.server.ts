import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { follow, quizProgress, user } from "../db/schema.ts";

export type OwnProfile = {
  name: string;
  image: string | null;
  handle: string;
  playerType: string;
  /** Points held: earned minus spent, never below 0. */
  balance: number;
  playMatch: number;
  followers: number;
  following: number;
  emailVerified: boolean;
  /** Completed sets by quiz category; a category the player never played is absent (0). */
  completedSets: Record<string, number>;
};

/** The signed-in player's own profile; the query is keyed by their id, so it reads nobody else's. */
export async function getOwnProfile(db: Database, userId: string): Promise<OwnProfile | null> {
  const [row] = await db
    .select({
      name: user.name,
      image: user.image,
      handle: user.handle,
      playerType: user.playerType,
      balance: sql<number>`greatest(${user.points} - ${user.usesPoints}, 0)`,
      playMatch: user.playMatch,
      emailVerified: user.emailVerified,
      followers: db.$count(follow, eq(follow.followeeId, user.id)),
      following: db.$count(follow, eq(follow.followerId, user.id)),
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return null;
  const progress = await db
    .select({ category: quizProgress.category, completedSets: quizProgress.completedSets })
    .from(quizProgress)
    .where(eq(quizProgress.userId, userId));
  return {
    ...row,
    followers: Number(row.followers),
    following: Number(row.following),
    completedSets: Object.fromEntries(progress.map((item) => [item.category, item.completedSets])),
  };
}
