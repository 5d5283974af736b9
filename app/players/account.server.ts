import { and, eq, inArray, not, or, type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.server.ts";
import { type ConsentStatus, user } from "../db/schema/accounts.ts";
import { follow } from "../db/schema/players.ts";
import { AppError } from "../platform/errors.ts";
import { processAvatar } from "../platform/images.server.ts";
import { type Storage, sweepOrphans } from "../platform/storage.server.ts";
import { completedSetsByCategory } from "../quiz/progress.server.ts";
import { releaseChildrenOf } from "./consent.server.ts";
import { needsConsent, PUBLIC_PROFILE_MIN_AGE } from "./identity.ts";
import type { Settings } from "./schemas.ts";
import { playerTypeFor } from "./tiers.ts";

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
      profilePublic: user.profilePublic,
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
  if (!row) throw new AppError("not_found");
  return {
    ...row,
    playerType: playerTypeFor(row.points),
    completedSets: await completedSetsByCategory(db, userId),
  };
}

export async function updateSettings(db: Db | Tx, userId: string, settings: Settings) {
  if (Object.keys(settings).length === 0) return;
  // A player recorded as under 14 can neither open their profile to others nor change their age
  // on their own: a parent approves the first and corrects the second (decision 0017). Checked
  // in the same statement as the change, so nothing changes when it is refused.
  const needsParent: SQL[] = [];
  if (settings.profilePublic === true) needsParent.push(sql`not ${user.profilePublic}`);
  if (settings.age !== undefined)
    needsParent.push(sql`${user.age} is distinct from ${settings.age}`);
  // A player who gave no age is not recorded as under 14: they may give one.
  const refused =
    needsParent.length > 0
      ? and(sql`coalesce(${user.age} < ${PUBLIC_PROFILE_MIN_AGE}, false)`, or(...needsParent))
      : undefined;
  // A first age under 14 makes the account wait for a parent, as accounts older than the consent
  // flow do: every page leads to the waiting page, which asks for a parent's address.
  const startsWaiting =
    settings.age !== undefined && needsConsent(settings.age)
      ? {
          consentStatus: sql<ConsentStatus>`case when ${user.age} is null and ${user.consentStatus} = 'not_needed' then 'needs_parent' else ${user.consentStatus} end`,
        }
      : {};
  const changed = await db
    .update(user)
    .set({ ...settings, ...startsWaiting, updatedAt: new Date() })
    .where(refused ? and(eq(user.id, userId), not(refused)) : eq(user.id, userId))
    .returning({ id: user.id });
  if (refused && changed.length === 0)
    throw new AppError("forbidden", { message: "profile.settings.parentApproval" });
}

/**
 * Replaces the player's picture with a cleaned copy of `bytes` (see processAvatar). A refused upload
 * leaves the old picture as it was. The row is read and changed in one statement that locks it, so
 * of two uploads at once the second replaces the first's picture, and each removes the file it
 * replaced. Files are removed only once the change is committed: at once on the pool; inside a
 * caller's transaction, whose end this cannot see, the orphan sweep removes whichever file ends up
 * unreferenced.
 */
export async function replaceAvatar(
  db: Db | Tx,
  storage: Storage,
  userId: string,
  bytes: Uint8Array,
): Promise<string> {
  const picture = await processAvatar(bytes);
  const name = await storage.save(AVATAR_FOLDER, picture, "jpg");
  const image = `${AVATAR_PATH}${name}`;
  const old = db
    .select({ id: user.id, image: user.image })
    .from(user)
    .where(eq(user.id, userId))
    .for("update")
    .as("old");
  const [replaced] = await db
    .update(user)
    .set({ image, updatedAt: new Date() })
    .from(old)
    .where(eq(user.id, old.id))
    .returning({ image: old.image })
    .catch(async (error: unknown) => {
      await storage.remove(AVATAR_FOLDER, name);
      throw error;
    });
  if (!replaced) {
    await storage.remove(AVATAR_FOLDER, name);
    throw new Error(`No player ${userId} to give a picture to.`);
  }
  if (!(db instanceof PgTransaction)) await removeStoredAvatar(db, storage, replaced.image);
  return image;
}

/**
 * Removes the player and everything that is theirs: sessions, progress, follows, their consents
 * as a parent (by cascade) and pictures. A child left without a parent's consent waits again.
 */
export async function deleteAccount(db: Db | Tx, storage: Storage, userId: string) {
  const [removed] = await db.transaction(async (tx) => {
    await releaseChildrenOf(tx, userId);
    return tx.delete(user).where(eq(user.id, userId)).returning({ image: user.image });
  });
  if (!(db instanceof PgTransaction)) await removeStoredAvatar(db, storage, removed?.image);
}

/**
 * Removes a stored picture once its row no longer points to it. Another row may point to it too
 * (Better Auth's update-user sets `image` to whatever a player sends), so then it stays, for the
 * sweep to find once it is unreferenced.
 */
async function removeStoredAvatar(db: Db, storage: Storage, image: string | null | undefined) {
  if (!image?.startsWith(AVATAR_PATH)) return;
  const [stillShown] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.image, image))
    .limit(1);
  if (!stillShown) await storage.remove(AVATAR_FOLDER, image.slice(AVATAR_PATH.length));
}

/** Removes stored pictures no player's row points to (see sweepOrphans). */
export async function sweepOrphanedAvatars(db: Db, storage: Storage): Promise<number> {
  return sweepOrphans(storage, AVATAR_FOLDER, async (addresses) => {
    const rows = await db
      .select({ image: user.image })
      .from(user)
      .where(inArray(user.image, addresses));
    return new Set(rows.map((row) => row.image));
  });
}
