import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "./client.server.ts";
import { migrationsApplied } from "./client.server.ts";
import { createTestDatabase } from "./test-database.server.ts";

// Servers starting together on an empty database (several hosts, a rolling deployment) each run
// the migrations at start-up: the advisory lock makes one apply them and the others find them done.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await database.close();
});

/** A separate Node process that opens the database as a server's first process does. */
function migrateInAnotherProcess(url: string): Promise<{ code: number | null; output: string }> {
  const script = `
    import { openDatabase } from "./app/db/client.server.ts";
    const handle = await openDatabase({ databaseUrl: process.env.URL, embeddedDataDir: "" });
    await handle.close();
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

test("two processes starting at once on an empty database apply each migration once", async () => {
  expect(await migrationsApplied(database.db.$client)).toBe(false);

  const results = await Promise.all([
    migrateInAnotherProcess(database.url),
    migrateInAnotherProcess(database.url),
  ]);
  for (const result of results) expect(result, result.output).toMatchObject({ code: 0 });

  const journal = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  const { rows } = await database.db.$client.query<{ created_at: string }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at",
  );
  expect(rows.map((row) => Number(row.created_at))).toEqual(
    journal.entries.map((entry) => entry.when),
  );
  expect(await migrationsApplied(database.db.$client)).toBe(true);
});
