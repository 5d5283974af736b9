import fs from "node:fs";
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

/**
 * The advisory lock key that start-up migrations hold (any fixed number; this one spells "nearby"
 * in ASCII). Only one process at a time migrates; the others wait, then find nothing left to do.
 */
const MIGRATION_LOCK = 0x6e6561726279;

/**
 * Migrations may build indexes over every row: on a connection of their own, with no timeout,
 * under a session advisory lock so that servers starting together on one database (several
 * hosts, or a rolling deployment) apply each migration once.
 */
async function applyMigrations(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle({ client, casing: "snake_case" }), {
      migrationsFolder: migrationsFolder(),
    });
  } finally {
    // Ending the session releases the lock too, should the unlock itself fail.
    await client.end();
  }
}

let latest: number | undefined;

/** The newest migration committed with the code (drizzle-kit's journal's time for it). */
export function latestMigration(): number {
  latest ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    }
  ).entries.reduce((newest, entry) => Math.max(newest, entry.when), 0);
  return latest;
}

/**
 * Whether the database has every migration this code knows: Drizzle's migrator records each one
 * applied with its journal time, and applies those newer than the newest it recorded.
 */
export async function migrationsApplied(client: pg.Pool | pg.ClientBase): Promise<boolean> {
  try {
    const { rows } = await client.query<{ latest: string | null }>(
      "select max(created_at) as latest from drizzle.__drizzle_migrations",
    );
    return Number(rows[0]?.latest ?? 0) >= latestMigration();
  } catch (error) {
    // 42P01, undefined_table; 3F000, invalid_schema_name: never migrated.
    const { code } = error as { code?: string };
    if (code === "42P01" || code === "3F000") return false;
    throw error;
  }
}

export type DatabaseHandle = {
  db: Database;
  url: string;
  close: () => Promise<void>;
};

function migrationsFolder() {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
}

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
  /** Called each time the statement timeout cuts a statement (the server's metrics count them). */
  onStatementTimeout?: () => void;
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
    const { onStatementTimeout } = options;
    if (onStatementTimeout) {
      // pg's connection reports every error PostgreSQL sends, whichever query or transaction it
      // ends; 57014 (query_canceled) is what statement_timeout raises.
      pool.on("connect", (client) => {
        const { connection } = client as unknown as { connection: NodeJS.EventEmitter };
        connection.on("errorMessage", (message: { code?: string }) => {
          if (message.code === "57014") onStatementTimeout();
        });
      });
    }
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
