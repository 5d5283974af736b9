import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { follow } from "../db/schema/players.ts";
import { processAvatar } from "../platform/images.server.ts";
import type { Storage } from "../platform/storage.server.ts";
import { completedSetsByCategory } from "../quiz/progress.server.ts";
import type { QuizTimer } from "../quiz/timer.ts";
import type { Settings } from "./schemas.ts";

export const AVATAR_FOLDER = "avatars";
const AVATAR_PATH = `/uploads/${AVATAR_FOLDER}/`;

/**
 * Everything the player may see about themselves (their profile page, GET /api/me). The query is
 * keyed by their own id, so it never reads another player's record.
 */
export async function getPrivateProfile(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      handle: user.handle,
      age: user.age,
      playerType: user.playerType,
      points: user.points,
      usesPoints: user.usesPoints,
      balance: sql<number>`greatest(${user.points} - ${user.usesPoints}, 0)`,
      winner: user.winner,
      playMatch: user.playMatch,
      notification: user.notification,
      quizTimer: user.quizTimer,
      locale: user.locale,
      followers: db.$count(follow, eq(follow.followeeId, user.id)),
      following: db.$count(follow, eq(follow.followerId, user.id)),
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return null;
  return { ...row, completedSets: await completedSetsByCategory(db, userId) };
}

/** The player's quiz timer setting, for the quiz to apply to the next question it shows. */
export async function getQuizTimer(db: Db | Tx, userId: string): Promise<QuizTimer> {
  const [row] = await db
    .select({ quizTimer: user.quizTimer })
    .from(user)
    .where(eq(user.id, userId));
  return (row?.quizTimer ?? 30) as QuizTimer;
}

export async function updateSettings(db: Db | Tx, userId: string, settings: Settings) {
  if (Object.keys(settings).length === 0) return;
  await db
    .update(user)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(user.id, userId));
}

/**
 * Replaces the player's picture with a cleaned copy of `bytes` (see processAvatar); the old file is
 * deleted only once the new one is in place, so a refused upload leaves the old picture as it was.
 */
export async function replaceAvatar(
  db: Db | Tx,
  storage: Storage,
  userId: string,
  bytes: Uint8Array,
): Promise<string> {
  const picture = await processAvatar(bytes);
  const name = await storage.save(AVATAR_FOLDER, picture, "jpg");
  const [before] = await db.select({ image: user.image }).from(user).where(eq(user.id, userId));
  await db
    .update(user)
    .set({ image: `${AVATAR_PATH}${name}`, updatedAt: new Date() })
    .where(eq(user.id, userId));
  await removeStoredAvatar(storage, before?.image);
  return `${AVATAR_PATH}${name}`;
}

/** Removes the player and everything that is theirs: sessions, progress, follows (by cascade) and pictures. */
export async function deleteAccount(db: Db | Tx, storage: Storage, userId: string) {
  const [removed] = await db
    .delete(user)
    .where(eq(user.id, userId))
    .returning({ image: user.image });
  await removeStoredAvatar(storage, removed?.image);
}

async function removeStoredAvatar(storage: Storage, image: string | null | undefined) {
  if (image?.startsWith(AVATAR_PATH))
    await storage.remove(AVATAR_FOLDER, image.slice(AVATAR_PATH.length));
}
