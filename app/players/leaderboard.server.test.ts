import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { leaderboardPage, ownStanding } from "./leaderboard.server.ts";
import { creditPoints } from "./points.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

async function addPlayers(players: { handle: string; points: number; usesPoints?: number }[]) {
  await database.db.insert(user).values(
    players.map(({ handle, points, usesPoints = 0 }) => ({
      id: handle,
      name: `Name of ${handle}`,
      email: `${handle}@example.com`,
      handle,
      points,
      usesPoints,
      profilePublic: !handle.startsWith("kid"),
    })),
  );
}

/** player_balance_count against a plain count of the players, balance by balance. */
async function countsDiffer() {
  const result = await database.db.execute(sql`
    select coalesce(counted.balance, actual.balance) as balance, counted.players, actual.players as actual
    from (select balance, players from player_balance_count where players > 0) as counted
    full join (select points - uses_points as balance, count(*)::integer as players from "user" group by 1) as actual
      on actual.balance = counted.balance
    where counted.players is distinct from actual.players`);
  return result.rows;
}

/** The same board from a plain query: rank() over every player. */
async function plainBoard() {
  const result = await database.db.execute<{ handle: string; rank: number; balance: number }>(sql`
    select handle, (rank() over (order by points - uses_points desc))::integer as rank,
      points - uses_points as balance
    from "user" order by points - uses_points desc, handle`);
  return result.rows;
}

describe("ranks", () => {
  beforeAll(async () => {
    await database.db.execute(sql`truncate "user" cascade`);
    await addPlayers([
      { handle: "ada", points: 90 },
      { handle: "bea", points: 70 },
      { handle: "cal", points: 80, usesPoints: 10 },
      { handle: "dan", points: 40 },
      { handle: "kid-eve", points: 40 },
    ]);
  });

  test("equal balances share a rank: 1, 2, 2, 4, 4", async () => {
    const board = await leaderboardPage(database.db, 1);
    expect(board.rows.map((row) => [row.handle, row.rank, row.points])).toEqual([
      ["ada", 1, 90],
      ["bea", 2, 70],
      ["cal", 2, 70],
      ["dan", 4, 40],
      ["kid-eve", 4, 40],
    ]);
    expect(board).toMatchObject({ total: 5, pages: 1 });
  });

  test("a private profile is listed by handle with the default picture, no e-mail or age", async () => {
    const board = await leaderboardPage(database.db, 1);
    const kid = board.rows.find((row) => row.handle === "kid-eve");
    expect(kid).toEqual({
      handle: "kid-eve",
      displayName: "kid-eve",
      image: null,
      profilePublic: false,
      rank: 4,
      points: 40,
      playerType: "newbie",
    });
    expect(JSON.stringify(board)).not.toMatch(/@example\.com|"age"/);
  });

  test("pages hold their share, each rank as on the whole board", async () => {
    for (const size of [1, 2, 3]) {
      const rows = [];
      for (let page = 1; page <= Math.ceil(5 / size); page++)
        rows.push(...(await leaderboardPage(database.db, page, size)).rows);
      expect(rows.map((row) => [row.handle, row.rank])).toEqual(
        (await plainBoard()).map((row) => [row.handle, row.rank]),
      );
    }
    expect((await leaderboardPage(database.db, 9)).rows).toEqual([]);
  });

  test("a player's own rank, share and page", async () => {
    expect(await ownStanding(database.db, { id: "cal", handle: "cal" }, 2)).toEqual({
      rank: 2,
      points: 70,
      total: 5,
      topPercent: 40,
      page: 2,
    });
    expect(await ownStanding(database.db, { id: "kid-eve", handle: "kid-eve" }, 2)).toMatchObject({
      rank: 4,
      page: 3,
    });
  });
});

test("the counts per balance follow inserts, credits, spending and deletions, and the pages follow them", async () => {
  await database.db.execute(sql`truncate "user" cascade`);
  expect(await countsDiffer()).toEqual([]);
  let seed = 7;
  const random = (below: number) => {
    seed = (seed * 48271) % 2147483647;
    return seed % below;
  };
  await addPlayers(
    Array.from({ length: 300 }, (_, index) => ({
      handle: `p${String(index).padStart(3, "0")}`,
      points: random(40),
    })),
  );
  for (let round = 0; round < 200; round++) {
    const handle = `p${String(random(300)).padStart(3, "0")}`;
    await database.db.transaction((tx) =>
      creditPoints(tx, {
        playerId: handle,
        change: random(9) - 4,
        reason: "test",
        source: `test:${round}`,
      }),
    );
  }
  await database.db.execute(
    sql`update "user" set uses_points = uses_points + 1 where points - uses_points >= 1 and handle like 'p1%'`,
  );
  await database.db.execute(sql`delete from "user" where handle like 'p2%'`);
  expect(await countsDiffer()).toEqual([]);
  const plain = await plainBoard();
  const paged = [];
  for (let page = 1; page <= Math.ceil(plain.length / 50); page++)
    paged.push(...(await leaderboardPage(database.db, page)).rows);
  expect(paged.map((row) => [row.handle, row.rank])).toEqual(
    plain.map((row) => [row.handle, row.rank]),
  );
  for (const [index, row] of plain.entries()) {
    if (index % 17 !== 0) continue;
    const own = await ownStanding(database.db, { id: row.handle, handle: row.handle });
    expect(own?.rank, row.handle).toBe(row.rank);
    expect(own?.page, row.handle).toBe(Math.floor(index / 50) + 1);
  }
});
