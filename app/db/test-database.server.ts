import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "./client.server.ts";

/**
 * A new, migrated database of its own for one test file, dropped by `close()`, so files never see
 * each other's rows. With `migrate: false` it stays empty (tests of the migrations themselves).
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    embeddedDataDir: "",
    migrate: options.migrate,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Counts the queries a database's pools run while `run` runs (round trips a call makes). */
export async function countQueries(db: Database, run: () => Promise<unknown>): Promise<number> {
  const pools = [db.$client, db.$samePlan?.$client].filter((pool) => !!pool);
  const originals = pools.map((pool) => pool.query);
  let count = 0;
  pools.forEach((pool, i) => {
    const query = originals[i] as typeof pool.query;
    pool.query = ((...args: Parameters<typeof query>) => {
      count += 1;
      return query.apply(pool, args);
    }) as typeof query;
  });
  try {
    await run();
  } finally {
    pools.forEach((pool, i) => {
      pool.query = originals[i] as typeof pool.query;
    });
  }
  return count;
}
