import path from "node:path";
import { openDatabase } from "../app/db/client.server.ts";
import { readConfig } from "../app/platform/config.server.ts";

/** The database the site would use with the same environment: DATABASE_URL or the embedded one. */
export function openConfiguredDatabase() {
  const config = readConfig();
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    embeddedDataDir: path.join(config.dataDir, "postgres"),
  });
}
