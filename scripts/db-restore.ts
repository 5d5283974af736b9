/**
 * npm run db:restore -- FOLDER: the site's data as a backup of `npm run db:backup` holds it, every
 * table and (with the local store) the uploads. Stop every server first: the database is emptied
 * and loaded again in one transaction (app/db/backup.server.ts).
 */
import path from "node:path";
import { restore } from "../app/db/backup.server.ts";
import { readConfig } from "../app/platform/config.server.ts";
import { failWithMessage } from "./lib/backup-cli.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const source = process.argv[2];
if (!source) {
  console.error("Usage: npm run db:restore -- FOLDER (a folder written by npm run db:backup)");
  process.exit(1);
}
const config = readConfig();
// Migrates the database first: the backup's rows need its tables.
const database = await openConfiguredDatabase();
try {
  const manifest = await restore({
    databaseUrl: database.url,
    uploadsDir: path.join(config.dataDir, "uploads"),
    source: path.resolve(source),
  });
  console.log(
    `Restored ${manifest.tables.length} tables from the backup of ${manifest.createdAt}.`,
  );
} catch (error) {
  failWithMessage(error);
} finally {
  await database.close();
}
