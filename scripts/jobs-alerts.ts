/**
 * Mails each confirmed job alert the new postings that match it since its last mail, now:
 *   npm run jobs:alerts                 the daily alerts ("job-alerts")
 *   npm run jobs:alerts -- --instant    the "at once" alerts ("job-alerts-instant")
 * The server does both by itself (JOB_ALERTS_AT, and every minute); this runs the same task by
 * hand, through the scheduler's queue, so it is in `npm run jobs:history` too (decision 0037). The
 * end-to-end tests run it against their server, which schedules nothing.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { readConfig } from "../app/platform/config.server.ts";
import { runTaskNow } from "../app/platform/scheduler.server.ts";
import { createLocalStorage } from "../app/platform/storage.server.ts";
import { scheduledTasks } from "../app/scheduled-tasks.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const { values } = parseArgs({ options: { instant: { type: "boolean", default: false } } });
const name = values.instant ? "job-alerts-instant" : "job-alerts";

const config = readConfig();
const database = await openConfiguredDatabase();
try {
  const storage = createLocalStorage(path.join(config.dataDir, "uploads"));
  const task = scheduledTasks(database.db, storage, config).find(
    (candidate) => candidate.name === name,
  );
  if (!task) throw new Error(`The ${name} task is missing.`);
  const run = await runTaskNow(database.url, task);
  console.log(`Job alerts (${name}): ${run.state}, ${run.outcome}`);
  if (run.state !== "completed") process.exitCode = 1;
} finally {
  await database.close();
}
