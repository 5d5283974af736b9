import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { runningDatabaseUrl } from "../../app/db/embedded.server.ts";
import { E2E_DATA_DIR } from "./players.ts";

/**
 * `npm run jobs:alerts` (with `--instant`, the "at once" alerts' task), the real script, against
 * the site under test's database: its server schedules nothing (SCHEDULES=false), so a test runs
 * the task when its story says the scheduler would; the mail's links lead to `baseUrl`. Returns what it printed.
 */
export async function runJobAlerts(
  frequency: "daily" | "instant",
  baseUrl: string,
): Promise<string> {
  const databaseUrl = runningDatabaseUrl(path.resolve(E2E_DATA_DIR, "postgres"));
  if (!databaseUrl) throw new Error("The site under test's database is not running.");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/jobs-alerts.ts", ...(frequency === "instant" ? ["--instant"] : [])],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: E2E_DATA_DIR, BASE_URL: baseUrl },
    },
  );
  return stdout.trim();
}
