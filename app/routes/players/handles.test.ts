import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost } from "../../platform/test-host.server.ts";
import { HANDLE_ADJECTIVES, HANDLE_ANIMALS } from "../../players/identity.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
});

afterAll(() => database.close());

/** "blue-otter-4821": an adjective and an animal of the lists, and four digits. */
const OF_WORDS = new RegExp(
  `^(${HANDLE_ADJECTIVES.join("|")})-(${HANDLE_ANIMALS.join("|")})-[1-9]\\d{3}$`,
);

const handleOf = async (email: string) =>
  (await database.db.select({ handle: user.handle }).from(user).where(eq(user.email, email)))[0]
    ?.handle;

describe("a new player's handle", () => {
  test("under 14: words that say nothing about them, shown as their name on the leaderboard", async () => {
    const cookie = await signUpVerified(request, database.db, {
      name: "Cathy Kid",
      email: "cathy@example.com",
      address: "10.60.0.1",
      age: 10,
    });
    const handle = await handleOf("cathy@example.com");
    expect(handle).toMatch(OF_WORDS);
    const board = await (await request("/api/leaderboard", { headers: { cookie } })).text();
    expect(board).toContain(handle);
    expect(board.toLowerCase()).not.toContain("cathy");
  });

  test("14 or over: made from their name, as before", async () => {
    await signUpVerified(request, database.db, {
      name: "Élodie Bouchard",
      email: "elodie@example.com",
      address: "10.60.0.2",
      age: 14,
    });
    expect(await handleOf("elodie@example.com")).toMatch(/^elodie-bouchard-\d{4}$/);
  });
});

test("the migration gives the existing children (and private players of unknown age) handles of words", async () => {
  const players = [
    { id: "mig-child", handle: "cathy-kid-6300", age: 10, profilePublic: false },
    { id: "mig-unknown", handle: "sam-noage-1234", age: null, profilePublic: false },
    { id: "mig-adult", handle: "dan-adult-1111", age: 30, profilePublic: true },
  ];
  for (const player of players)
    await database.db.insert(user).values({
      ...player,
      name: player.handle,
      email: `${player.id}@example.com`,
    });
  const migration = fs.readFileSync(
    "app/db/migrations/0023_sec_children_handles_of_words.sql",
    "utf8",
  );
  await database.db.execute(sql.raw(migration));
  const after = Object.fromEntries(
    (
      await database.db
        .select({ id: user.id, handle: user.handle })
        .from(user)
        .where(sql`${user.id} like 'mig-%'`)
    ).map((row) => [row.id, row.handle]),
  );
  expect(after["mig-child"]).toMatch(OF_WORDS);
  expect(after["mig-unknown"]).toMatch(OF_WORDS);
  expect(after["mig-adult"]).toBe("dan-adult-1111");
});
