import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { follow } from "../db/schema/players.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { followList, followPlayer, publicProfile, unfollowPlayer } from "./follows.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values(
    ["ann", "ben", "cy", "kid"].map((handle) => ({
      id: `id-${handle}`,
      name: `Name ${handle}`,
      email: `${handle}@example.com`,
      handle,
      age: handle === "kid" ? 10 : 15,
      profilePublic: handle !== "kid",
      points: 120,
    })),
  );
});

afterAll(() => database.close());

const follows = async (from: string, to: string) =>
  (
    await database.db
      .select()
      .from(follow)
      .where(and(eq(follow.followerId, from), eq(follow.followeeId, to)))
  ).length;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code: string; messageKey: string }) => [error.code, error.messageKey],
  );

test("following twice makes one follow; the count comes from the follow table", async () => {
  expect(await followPlayer(database.db, "id-ann", "ben")).toEqual({
    following: true,
    followers: 1,
  });
  expect(await followPlayer(database.db, "id-ann", "ben")).toEqual({
    following: true,
    followers: 1,
  });
  await Promise.all([
    followPlayer(database.db, "id-cy", "ben"),
    followPlayer(database.db, "id-cy", "ben"),
  ]);
  expect(await follows("id-ann", "id-ben")).toBe(1);
  expect(await follows("id-cy", "id-ben")).toBe(1);
  const view = await publicProfile(database.db, "id-ann", "ben");
  expect(view).toMatchObject({ own: false, profile: { followers: 2, followedByMe: true } });
});

test("following oneself is refused", async () => {
  expect(await refusal(followPlayer(database.db, "id-ann", "ann"))).toEqual([
    "forbidden",
    "players.problems.followSelf",
  ]);
  expect(await follows("id-ann", "id-ann")).toBe(0);
});

test("a private profile cannot be opened or followed, and is in no follower list", async () => {
  expect(await refusal(followPlayer(database.db, "id-ann", "kid"))).toEqual([
    "forbidden",
    "players.problems.privateProfile",
  ]);
  expect(await refusal(publicProfile(database.db, "id-ann", "kid"))).toEqual([
    "forbidden",
    "players.problems.privateProfile",
  ]);
  expect(await refusal(followList(database.db, "id-ann", "kid", "followers"))).toEqual([
    "forbidden",
    "players.problems.privateProfile",
  ]);
  // The child follows Ben (following is theirs to do); Ben's list leaves them out.
  await database.db.insert(follow).values({ followerId: "id-kid", followeeId: "id-ben" });
  const list = await followList(database.db, "id-ann", "ben", "followers");
  expect(list.players.map((player) => player.handle)).toEqual(["ann", "cy"]);
  // The child's own lists are theirs to read.
  const own = await followList(database.db, "id-kid", "kid", "following");
  expect(own.players.map((player) => player.handle)).toEqual(["ben"]);
});

test("an unknown handle is not found; one's own is the own profile", async () => {
  expect(await refusal(publicProfile(database.db, "id-ann", "nobody"))).toEqual([
    "not_found",
    "players.problems.noSuchPlayer",
  ]);
  expect(await publicProfile(database.db, "id-ann", "ann")).toEqual({ own: true });
});

test("a profile view carries public fields only", async () => {
  const view = await publicProfile(database.db, "id-ann", "ben");
  if (view.own) throw new Error("not own");
  expect(Object.keys(view.profile).sort()).toEqual(
    [
      "achievements",
      "completedSets",
      "displayName",
      "followedByMe",
      "followers",
      "following",
      "handle",
      "image",
      "playMatch",
      "playerType",
      "points",
      "profilePublic",
    ].sort(),
  );
  expect(view.profile.playerType).toBe("bronze");
});

test("unfollowing ends the follow, and again is no error", async () => {
  expect(await unfollowPlayer(database.db, "id-ann", "ben")).toEqual({
    following: false,
    followers: 2,
  });
  expect(await unfollowPlayer(database.db, "id-ann", "ben")).toMatchObject({ following: false });
});

test("follower lists are paged by handle", async () => {
  const first = await followList(database.db, "id-ann", "ben", "followers", undefined, 1);
  expect(first.players.map((player) => player.handle)).toEqual(["cy"]);
  expect(first.nextCursor).toBeNull();
  await followPlayer(database.db, "id-ann", "ben");
  const page = await followList(database.db, "id-ann", "ben", "followers", undefined, 1);
  expect(page.nextCursor).toBe("ann");
  const next = await followList(database.db, "id-ann", "ben", "followers", "ann", 1);
  expect(next.players.map((player) => player.handle)).toEqual(["cy"]);
});

test("a list counts the private players it does not show", async () => {
  await database.db.insert(follow).values({ followerId: "id-kid", followeeId: "id-cy" });
  const page = await followList(database.db, "id-ann", "cy", "followers");
  expect(page.players).toEqual([]);
  expect(page.privateCount).toBe(1);
  expect(await publicProfile(database.db, "id-ann", "cy")).toMatchObject({
    profile: { followers: 1 },
  });
  const theirs = await followList(database.db, "id-ann", "ann", "following");
  expect(theirs).toMatchObject({ privateCount: 0 });
});
