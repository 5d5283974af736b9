import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { listedPlayer, user } from "../db/schema/accounts.ts";
import { follow } from "../db/schema/players.ts";
import { AppError } from "../platform/errors.ts";
import { completedSetsByCategory } from "../quiz/progress.server.ts";
import { assertMayTakePart } from "./identity.server.ts";
import { type PublicIdentity, publicIdentity } from "./identity.ts";
import { HANDLE } from "./leaderboard-query.ts";
import { achievementsFor, playerTypeFor } from "./tiers.ts";

/** Followers or following, as the lists and their counts are called. */
const FOLLOW_LISTS = ["followers", "following"] as const;
export type FollowList = (typeof FOLLOW_LISTS)[number];

const FOLLOW_LIST_PAGE_SIZE = 24;

async function playerByHandle(db: Db | Tx, handle: string) {
  // A NUL in the address would reach PostgreSQL, which refuses it with an error, not a miss.
  if (!HANDLE.test(handle))
    throw new AppError("not_found", { message: "players.problems.noSuchPlayer" });
  const [row] = await db
    .select({
      id: user.id,
      handle: user.handle,
      name: user.name,
      image: user.image,
      // A child waiting for a parent's consent is private to everyone (decision 0064).
      profilePublic: sql<boolean>`${user.profilePublic} and ${listedPlayer}`,
      points: user.points,
      balance: sql<number>`${user.points} - ${user.usesPoints}`,
      playMatch: user.playMatch,
    })
    .from(user)
    .where(eq(user.handle, handle));
  if (!row) throw new AppError("not_found", { message: "players.problems.noSuchPlayer" });
  return row;
}

/** A private profile, seen by anyone but its owner: it cannot be opened, followed or listed. */
function refusePrivate(target: { id: string; profilePublic: boolean }, viewerId: string) {
  if (!target.profilePublic && target.id !== viewerId)
    throw new AppError("forbidden", { message: "players.problems.privateProfile" });
}

const followCounts = (db: Db | Tx, playerId: string) => ({
  followers: db.$count(follow, eq(follow.followeeId, playerId)),
  following: db.$count(follow, eq(follow.followerId, playerId)),
});

export type PublicProfile = PublicIdentity & {
  playerType: ReturnType<typeof playerTypeFor>;
  /** The balance, as every profile shows points. */
  points: number;
  playMatch: number;
  followers: number;
  following: number;
  /** Whether the viewer follows this player. */
  followedByMe: boolean;
  completedSets: Record<string, number>;
  achievements: ReturnType<typeof achievementsFor>;
};

/**
 * Another player's profile view: public fields only (never the e-mail or the age). Unknown handle:
 * 404; a private profile: 403. The viewer's own handle answers `{ own: true }` (their /profile).
 */
export async function publicProfile(
  db: Db | Tx,
  viewerId: string,
  handle: string,
): Promise<{ own: true } | { own: false; profile: PublicProfile }> {
  const target = await playerByHandle(db, handle);
  if (target.id === viewerId) return { own: true };
  refusePrivate(target, viewerId);
  const [counts] = await db
    .select({
      ...followCounts(db, target.id),
      followedByMe: sql<boolean>`exists (select 1 from ${follow} where ${follow.followerId} = ${viewerId} and ${follow.followeeId} = ${target.id})`,
    })
    .from(user)
    .where(eq(user.id, target.id));
  return {
    own: false,
    profile: {
      ...publicIdentity(target),
      playerType: playerTypeFor(target.points),
      points: target.balance,
      playMatch: target.playMatch,
      followers: counts?.followers ?? 0,
      following: counts?.following ?? 0,
      followedByMe: counts?.followedByMe ?? false,
      completedSets: await completedSetsByCategory(db, target.id),
      achievements: achievementsFor(target.points),
    },
  };
}

export type FollowState = { following: boolean; followers: number };

async function stateAfter(db: Db | Tx, viewerId: string, targetId: string): Promise<FollowState> {
  const [row] = await db
    .select({
      followers: db.$count(follow, eq(follow.followeeId, targetId)),
      following: sql<boolean>`exists (select 1 from ${follow} where ${follow.followerId} = ${viewerId} and ${follow.followeeId} = ${targetId})`,
    })
    .from(user)
    .where(eq(user.id, targetId));
  return { following: row?.following ?? false, followers: row?.followers ?? 0 };
}

/**
 * Follows a public profile. Following twice leaves one follow (the pair is the primary key);
 * oneself is refused, and so is a private profile, also when it became private a moment ago (the
 * insert itself checks it).
 */
export async function followPlayer(db: Db | Tx, viewerId: string, handle: string) {
  await assertMayTakePart(db, viewerId);
  const target = await playerByHandle(db, handle);
  if (target.id === viewerId)
    throw new AppError("forbidden", { message: "players.problems.followSelf" });
  refusePrivate(target, viewerId);
  const inserted = await db.execute(sql`
    insert into ${follow} (follower_id, followee_id)
    select ${viewerId}, ${user.id} from ${user} where ${user.id} = ${target.id} and ${user.profilePublic} and ${listedPlayer}
    on conflict do nothing`);
  if (inserted.rowCount === 0) {
    const state = await stateAfter(db, viewerId, target.id);
    if (!state.following)
      throw new AppError("forbidden", { message: "players.problems.privateProfile" });
    return state;
  }
  return stateAfter(db, viewerId, target.id);
}

/** Stops following; not following already is not an error. */
export async function unfollowPlayer(db: Db | Tx, viewerId: string, handle: string) {
  const target = await playerByHandle(db, handle);
  await db
    .delete(follow)
    .where(and(eq(follow.followerId, viewerId), eq(follow.followeeId, target.id)));
  return stateAfter(db, viewerId, target.id);
}

export type FollowListPage = {
  owner: PublicIdentity;
  list: FollowList;
  players: PublicIdentity[];
  /** The handle to continue after, when there are more. */
  nextCursor: string | null;
  /** Players in the list whose profile is private: counted (the profile's count has them), not shown. */
  privateCount: number;
};

/**
 * A player's followers or the players they follow, public profiles only, by handle, a page at a
 * time (`cursor`: the last handle of the previous page). Another player's lists need their profile
 * to be public; one's own are always readable.
 */
export async function followList(
  db: Db | Tx,
  viewerId: string,
  handle: string,
  list: FollowList,
  cursor?: string,
  size = FOLLOW_LIST_PAGE_SIZE,
): Promise<FollowListPage> {
  const owner = await playerByHandle(db, handle);
  refusePrivate(owner, viewerId);
  const [mine, theirs] =
    list === "followers"
      ? [follow.followeeId, follow.followerId]
      : [follow.followerId, follow.followeeId];
  const rows = await db
    .select({
      handle: user.handle,
      name: user.name,
      image: user.image,
      profilePublic: user.profilePublic,
    })
    .from(follow)
    .innerJoin(user, eq(user.id, theirs))
    .where(
      and(
        eq(mine, owner.id),
        eq(user.profilePublic, true),
        listedPlayer,
        cursor ? gt(user.handle, cursor) : undefined,
      ),
    )
    .orderBy(asc(user.handle))
    .limit(size + 1);
  const players = rows.slice(0, size).map(publicIdentity);
  const [hidden] = await db
    .select({ count: count() })
    .from(follow)
    .innerJoin(user, eq(user.id, theirs))
    .where(and(eq(mine, owner.id), sql`not (${user.profilePublic} and ${listedPlayer})`));
  return {
    owner: publicIdentity(owner),
    list,
    players,
    nextCursor: rows.length > size ? (players.at(-1)?.handle ?? null) : null,
    privateCount: hidden?.count ?? 0,
  };
}
