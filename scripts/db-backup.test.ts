import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackupError, backUp, restore } from "../app/db/backup.server.ts";
import type { DatabaseHandle } from "../app/db/client.server.ts";
import { createTestDatabase } from "../app/db/test-database.server.ts";
import { seedIfEmpty } from "../app/seed.server.ts";

// npm run db:backup and db:restore's round trip (decision 0044): back up, change rows, sequences
// and uploaded files, restore, and find the first state exactly.

let database: DatabaseHandle;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
const uploads = path.join(work, "uploads");

beforeAll(async () => {
  database = await createTestDatabase();
  await seedIfEmpty(database.db);
  fs.mkdirSync(path.join(uploads, "avatars"), { recursive: true });
  fs.writeFileSync(path.join(uploads, "avatars", "a.jpg"), Buffer.from([1, 2, 3]));
  fs.writeFileSync(path.join(uploads, "avatars", "b.jpg"), Buffer.from([4, 5, 6]));
});

afterAll(async () => {
  await database.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Every table's rows (a digest of them in a fixed order), every sequence, every uploaded file. */
async function state() {
  const client = database.db.$client;
  const { rows: tables } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  );
  const rows: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows: digest } = await client.query<{ rows: number; digest: string }>(
      `select count(*)::int as rows,
              md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
         from public."${name}" t`,
    );
    rows[name] = `${digest[0]?.rows} ${digest[0]?.digest}`;
  }
  const { rows: sequences } = await client.query(
    "select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1",
  );
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(uploads, { recursive: true, encoding: "utf8" })) {
    const file = path.join(uploads, name);
    if (fs.statSync(file).isFile())
      files[name] = createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  }
  return { rows, sequences, files };
}

test("a backup restored gives back every row, sequence and uploaded file exactly", async () => {
  const before = await state();
  expect(
    Object.values(before.rows).filter((value) => !value.startsWith("0 ")).length,
  ).toBeGreaterThan(5);

  const target = path.join(work, "backup");
  await backUp({ databaseUrl: database.url, uploadsDir: uploads, target });
  expect(fs.existsSync(path.join(target, "manifest.json"))).toBe(true);

  const client = database.db.$client;
  await client.query("update business set name = name || ' (changed)'");
  await client.query("delete from review where id in (select id from review limit 3)");
  await client.query(
    "delete from quiz_question where id in (select id from quiz_question limit 1)",
  );
  await client.query(
    `insert into outbox_email ("to", subject, text, html) values ('x@example.com', 's', 't', 'h')`,
  );
  fs.writeFileSync(path.join(uploads, "avatars", "a.jpg"), Buffer.from([9, 9, 9]));
  fs.rmSync(path.join(uploads, "avatars", "b.jpg"));
  fs.writeFileSync(path.join(uploads, "avatars", "c.jpg"), Buffer.from([7]));
  const changed = await state();
  expect(changed.rows).not.toEqual(before.rows);
  expect(changed.sequences).not.toEqual(before.sequences);
  expect(changed.files).not.toEqual(before.files);

  await restore({ databaseUrl: database.url, uploadsDir: uploads, source: target });
  expect(await state()).toEqual(before);
});

test("a backup is refused into a folder that exists, and a folder without one is not restored", async () => {
  await expect(backUp({ databaseUrl: database.url, target: work })).rejects.toBeInstanceOf(
    BackupError,
  );
  await expect(
    restore({ databaseUrl: database.url, source: path.join(work, "uploads") }),
  ).rejects.toThrow(/no backup/);
});
