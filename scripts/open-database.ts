import path from "node:path";
import { parseArgs } from "node:util";
import { type Database, openDatabase } from "../app/db/client.server.ts";
import { readConfig } from "../app/platform/config.server.ts";

/** The database the site would use with the same environment: DATABASE_URL or the embedded one. */
export function openConfiguredDatabase() {
  const config = readConfig();
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    embeddedDataDir: path.join(config.dataDir, "postgres"),
  });
}

/**
 * What the db:scale scripts share: `--<option> N` from the command line, then the configured
 * database filled by `scale` to N generated rows, with its progress shown.
 */
export async function scaleConfiguredDatabase(
  option: string,
  defaultCount: number,
  rows: string,
  scale: (db: Database, target: number, onProgress: (done: number) => void) => Promise<unknown>,
): Promise<void> {
  const { values } = parseArgs({
    options: { [option]: { type: "string", default: String(defaultCount) } },
  });
  const target = Number(values[option]);
  if (!Number.isInteger(target) || target < 1) {
    console.error(`--${option} must be a whole number of at least 1.`);
    process.exit(1);
  }
  const database = await openConfiguredDatabase();
  try {
    const started = performance.now();
    await scale(database.db, target, (done) =>
      console.log(`${done.toLocaleString("en-CA")} ${rows}`),
    );
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}
