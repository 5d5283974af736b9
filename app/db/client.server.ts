import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { startEmbeddedDatabase } from "./embedded.server.ts";
import * as schema from "./schema/index.ts";

type PoolDatabase = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type Database = PoolDatabase & {
  /**
   * The same database on connections of their own (a second pool) that give every statement one
   * generic plan (`plan_cache_mode = force_generic_plan`): for statements whose plan does not
   * depend on their values, which PostgreSQL would otherwise plan again on every run
   * (`statementCache`, decision 0025). Absent on handles made elsewhere.
   */
  $samePlan?: PoolDatabase;
};

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
  const max = options.maxConnections ?? 10;
  const openPool = (extra: Partial<pg.PoolConfig> = {}) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      // Idle connections past the first two close after 10 s. Those two stay: a new one costs the
      // request after a quiet moment 10 to 15 ms (authentication, a new backend's caches).
      min: Math.min(2, max),
      statement_timeout: options.timeoutMs,
      connectionTimeoutMillis: options.timeoutMs,
      ...extra,
    });
    // An idle connection closed by the server (a restart, or shutdown on Ctrl-C, which stops the
    // embedded PostgreSQL too) must not crash the process; the pool opens a new one when needed.
    pool.on("error", (error) => options.log?.(`idle database connection closed: ${error.message}`));
    return pool;
  };
  const pool = openPool();
  // Opens connections only when a statement needs one, as the first.
  const samePlanPool = openPool({ options: "-c plan_cache_mode=force_generic_plan" });
  const closePools = () => Promise.all([pool.end(), samePlanPool.end()]);
  try {
    const db: Database = drizzle({ client: pool, schema, casing: "snake_case" });
    db.$samePlan = drizzle({ client: samePlanPool, schema, casing: "snake_case" });
    if (options.migrate !== false) await applyMigrations(url);
    return {
      db,
      url,
      close: async () => {
        await closePools();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await closePools();
    await embedded?.stop();
    throw error;
  }
}
