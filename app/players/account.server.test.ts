import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { createLocalStorage, type Storage } from "../platform/storage.server.ts";
import { testPhoto } from "../platform/test-images.ts";
import { startTestBucket, testStores } from "../platform/test-storage.server.ts";
import { AVATAR_FOLDER, replaceAvatar, sweepOrphanedAvatars } from "./account.server.ts";

let database: DatabaseHandle;
let bucket: Awaited<ReturnType<typeof startTestBucket>>;

beforeAll(async () => {
  database = await createTestDatabase();
  bucket = await startTestBucket();
});

afterAll(async () => {
  await database.close();
  await bucket.stop();
});

function newStorage() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "avatars-test-"));
  return { storage: createLocalStorage(root) };
}

async function newPlayer(id: string, image: string | null = null) {
  await database.db
    .insert(user)
    .values({ id, name: id, email: `${id}@example.com`, handle: id, image });
}

const imageOf = async (id: string) =>
  (await database.db.select({ image: user.image }).from(user).where(eq(user.id, id)))[0]?.image;

const storedNames = async (storage: Storage) =>
  (await storage.list(AVATAR_FOLDER)).map((file) => file.name).sort();

/** Holds the player's row locked, as a slow writer would, until the returned function is called. */
async function lockRow(id: string) {
  const client = await database.db.$client.connect();
  await client.query("begin");
  await client.query(`select 1 from "user" where id = $1 for update`, [id]);
  return async () => {
    await client.query("commit");
    client.release();
  };
}

async function untilWaitingForLocks(count: number) {
  for (;;) {
    const { rows } = await database.db.$client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("replaceAvatar", () => {
  test("two uploads at once by one player leave one file, the one their row points to", async () => {
    const { storage } = newStorage();
    await newPlayer("racer");
    await replaceAvatar(database.db, storage, "racer", await testPhoto(80, 60));
    // Both uploads reach the database while the row is busy, then go on together.
    const unlock = await lockRow("racer");
    const uploads = Promise.all([
      replaceAvatar(database.db, storage, "racer", await testPhoto(90, 60)),
      replaceAvatar(database.db, storage, "racer", await testPhoto(60, 90)),
    ]);
    await untilWaitingForLocks(2);
    await unlock();
    await uploads;
    const image = await imageOf("racer");
    expect(await storedNames(storage)).toEqual([image?.split("/").at(-1)]);
  });

  test("a picture another row points to stays when its first owner replaces theirs", async () => {
    const { storage } = newStorage();
    await newPlayer("owner");
    const first = await replaceAvatar(database.db, storage, "owner", await testPhoto(80, 60));
    // What Better Auth's update-user lets any player do with another's picture address.
    await newPlayer("copier", first);
    await replaceAvatar(database.db, storage, "owner", await testPhoto(60, 80));
    expect(await storedNames(storage)).toContain(first.split("/").at(-1));
  });

  test("an upload for a player who is gone leaves no file behind", async () => {
    const { storage } = newStorage();
    await expect(
      replaceAvatar(database.db, storage, "nobody", await testPhoto(80, 60)),
    ).rejects.toThrow();
    expect(await storedNames(storage)).toEqual([]);
  });
});

describe.each(testStores(() => bucket))("sweepOrphanedAvatars, %s", (kind, open) => {
  test("removes old files no row points to, keeps referenced ones and another host's fresh upload", async () => {
    // Host A uploads; host B's sweep (the scheduler's one run across the fleet) lists the same store.
    const { storage: hostA, second: hostB, backdate } = open();
    const photo = await testPhoto(10, 10);
    const [orphan, kept, fresh] = [
      await hostA.save(AVATAR_FOLDER, photo, "jpg"),
      await hostA.save(AVATAR_FOLDER, photo, "jpg"),
      await hostA.save(AVATAR_FOLDER, photo, "jpg"),
    ];
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [orphan, kept]) backdate(AVATAR_FOLDER, name, twoHoursAgo);
    await newPlayer(`keeper-${kind.split(" ").at(-1)}`, `/uploads/avatars/${kept}`);

    expect(await sweepOrphanedAvatars(database.db, hostB)).toBe(1);
    expect(await storedNames(hostA)).toEqual([kept, fresh].sort());
  });
});
