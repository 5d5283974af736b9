import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { DataDirectoryInUseError, startEmbeddedDatabase } from "./embedded.server.ts";

const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "embedded-")), "postgres");
fs.chmodSync(path.dirname(dataDir), 0o755);

afterAll(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

test("starts a real PostgreSQL, refuses a second server on the same directory, and stops", async () => {
  const first = await startEmbeddedDatabase(dataDir);
  try {
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    const { rows } = await client.query(
      "select current_setting('server_version_num')::int as version",
    );
    await client.end();
    expect(rows[0].version).toBeGreaterThanOrEqual(150000);

    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(DataDirectoryInUseError);
    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(/already used by process \d+/);
  } finally {
    await first.stop();
  }
  expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

  // The data survives, and a new server may take the directory once the first is gone.
  const second = await startEmbeddedDatabase(dataDir);
  await second.stop();
});

test("a lock left by a process that no longer runs is taken over", async () => {
  fs.writeFileSync(`${dataDir}.lock`, "999999999");
  const server = await startEmbeddedDatabase(dataDir);
  await server.stop();
});
