/**
 * Crash recovery check (not a test; prints figures):  npm run build && npm run crash-restart
 * Starts the built server on a temporary DATA_DIR and writes to its database in a loop, kills the
 * server with SIGKILL at a random moment, starts it again on the same DATA_DIR, and checks that
 * every write PostgreSQL acknowledged is there. 20 rounds in a row; exits non-zero if a restart
 * fails or a write is lost. The temporary directory and every process it started are removed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { runningDatabaseUrl, stopLeftoverPostgres } from "../app/db/embedded.server.ts";
import { type BuiltServer, requireBuild, startBuiltServer } from "./lib/server.ts";

const ROUNDS = 20;
const WRITERS = 2;
const QUERY_TIMEOUT_MS = 10_000;

requireBuild();

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "crash-restart-"));
// Run as root, the embedded PostgreSQL runs as the postgres user, which must reach its directory.
fs.chmodSync(tempDir, 0o755);
const dataDir = path.join(tempDir, "data");
const postgresDir = path.join(dataDir, "postgres");

/** Every id whose insert PostgreSQL committed, in this process's memory only. */
const acknowledged: number[] = [];
let nextId = 1;
let server: BuiltServer | undefined;
let writing: Writing | undefined;
let restarts = 0;
let lost = 0;
let failure: unknown;

let cleaning: Promise<void> | undefined;
const cleanUp = () => {
  cleaning ??= (async () => {
    await writing?.stop();
    await server?.stop();
    // A server that was killed or never got ready may have left its PostgreSQL running.
    await stopLeftoverPostgres(postgresDir).catch((error: unknown) => console.error(String(error)));
    fs.rmSync(tempDir, { recursive: true, force: true });
  })();
  return cleaning;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping.`);
    void cleanUp().finally(() => process.exit(1));
  });
}

try {
  server = await startBuiltServer({ dataDir, seed: true });
  await query(databaseUrl(), "create table crash_restart_writes (id integer primary key)");
  for (let round = 1; round <= ROUNDS; round++) {
    const before = acknowledged.length;
    writing = startWriting(databaseUrl());
    const killAfter = Math.round(200 + Math.random() * 1300);
    await sleep(killAfter);
    const killed = server;
    server = undefined;
    await killed?.stop("SIGKILL");

    // The writes go on against the PostgreSQL the killed server left behind, until the restart
    // stops it: what it acknowledged then must survive the stop too.
    const started = performance.now();
    server = await startBuiltServer({ dataDir, seed: true });
    const readyAfter = performance.now() - started;
    restarts++;
    await writing.stop();
    if (acknowledged.length === before) {
      throw new Error(`Round ${round} acknowledged no write: ${writing.lastError}`);
    }

    const present = new Set(
      (await query(databaseUrl(), "select id from crash_restart_writes")).map((row) => row.id),
    );
    lost = acknowledged.filter((id) => !present.has(id)).length;
    console.log(
      `round ${String(round).padStart(2)}: killed after ${killAfter} ms, ` +
        `${acknowledged.length - before} writes acknowledged, ready again in ` +
        `${(readyAfter / 1000).toFixed(1)} s, ${acknowledged.length} acknowledged in all, ${lost} missing`,
    );
  }
} catch (error) {
  failure = error;
} finally {
  await cleanUp();
}

if (failure) console.error(failure instanceof Error ? failure.message : failure);
console.log(`restarts: ${restarts} of ${ROUNDS} succeeded, lost writes: ${lost}`);
process.exit(restarts === ROUNDS && lost === 0 && !failure ? 0 : 1);

function databaseUrl(): string {
  const url = runningDatabaseUrl(postgresDir);
  if (!url) throw new Error(`No PostgreSQL runs on ${postgresDir}.`);
  return url;
}

function newClient(url: string): pg.Client {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    query_timeout: QUERY_TIMEOUT_MS,
  });
  // A session ended by the PostgreSQL stopping is expected here; the query that was waiting fails.
  client.on("error", () => {});
  return client;
}

async function query(url: string, text: string): Promise<{ id: number }[]> {
  const client = newClient(url);
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

type Writing = { stop: () => Promise<void>; lastError: string };

/**
 * WRITERS sessions inserting one row per transaction, each id recorded once its commit is
 * acknowledged, until stopped or until PostgreSQL ends their sessions.
 */
function startWriting(url: string): Writing {
  let stopped = false;
  const writing: Writing = {
    lastError: "none",
    stop: async () => {
      stopped = true;
      await writers;
    },
  };
  const writers = Promise.all(
    Array.from({ length: WRITERS }, async () => {
      const client = newClient(url);
      try {
        await client.connect();
        while (!stopped) {
          const id = nextId++;
          await client.query("insert into crash_restart_writes (id) values ($1)", [id]);
          acknowledged.push(id);
        }
      } catch (error) {
        writing.lastError = String(error);
      } finally {
        await client.end().catch(() => {});
      }
    }),
  );
  return writing;
}
