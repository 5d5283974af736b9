/**
 * npm run db:backup [-- FOLDER]: the site's data (every table, and the uploads of the local store)
 * into a new folder, by default DATA_DIR/backups/<UTC time>. Works while the site runs: one
 * consistent moment of the database (app/db/backup.server.ts). Copy the folder off the host.
 */
import path from "node:path";
import { backUp } from "../app/db/backup.server.ts";
import { runningDatabaseUrl } from "../app/db/embedded.server.ts";
import { readConfig } from "../app/platform/config.server.ts";
import { failWithMessage } from "./lib/backup-cli.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const config = readConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "Z");
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, "backups", stamp));
// A running server's embedded PostgreSQL is read where it runs; otherwise it is started here.
const running = config.DATABASE_URL
  ? undefined
  : runningDatabaseUrl(path.join(config.dataDir, "postgres"));
const database = running ? undefined : await openConfiguredDatabase();
try {
  const manifest = await backUp({
    databaseUrl: running ?? (database?.url as string),
    uploadsDir: path.join(config.dataDir, "uploads"),
    target,
  });
  console.log(
    `Backed up ${manifest.tables.length} tables${manifest.uploads ? " and the uploads" : ""} to ${target}`,
  );
} catch (error) {
  failWithMessage(error);
} finally {
  await database?.close();
}
