import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { startEmbeddedDatabase } from "./embedded.server.ts";
import * as schema from "./schema/index.ts";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The pool, for one statement at a time. */
export type Db = Database;
/** A transaction: services that take `Db | Tx` can run together in one (`db.transaction(...)`). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Migrations may build indexes over every row: on a connection of their own, with no timeout. */
async function applyMigrations(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle({ client, casing: "snake_case" }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

export type DatabaseHandle = {
  db: Database;
  url: string;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Connects to `databaseUrl`, or starts the embedded PostgreSQL in `embeddedDataDir` when none is
 * given, then applies the committed migrations (unless `migrate` is false).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  embeddedDataDir: string;
  log?: (line: string) => void;
  maxConnections?: number;
  /** False where another process has applied them already (the server's workers). */
  migrate?: boolean;
  /**
   * The longest a statement may run, and the longest a query may wait for a free connection,
   * before it fails (then `unavailableFor` in platform/errors.ts makes it a 503). For the server's
   * requests; scripts and migrations run without it.
   */
  timeoutMs?: number;
}): Promise<DatabaseHandle> {
  const embedded = options.databaseUrl
    ? undefined
    : await startEmbeddedDatabase(options.embeddedDataDir, options.log);
  const url = options.databaseUrl ?? (embedded?.url as string);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    statement_timeout: options.timeoutMs,
    connectionTimeoutMillis: options.timeoutMs,
  });
  // An idle connection closed by the server (a restart, or shutdown on Ctrl-C, which stops the
  // embedded PostgreSQL too) must not crash the process; the pool opens a new one when needed.
  pool.on("error", (error) => options.log?.(`idle database connection closed: ${error.message}`));
  try {
    const db = drizzle({ client: pool, schema, casing: "snake_case" });
    if (options.migrate !== false) await applyMigrations(url);
    return {
      db,
      url,
      close: async () => {
        await pool.end();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
}
