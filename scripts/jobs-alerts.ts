/**
 * Mails each confirmed job alert the new postings that match it since its last mail, now:
 *   npm run jobs:alerts
 * The server does it daily by itself (JOB_ALERTS_AT); this runs the same "job-alerts" task by hand,
 * through the scheduler's queue, so it is in `npm run jobs:history` too (decision 0037).
 */
import path from "node:path";
import { readConfig } from "../app/platform/config.server.ts";
import { runTaskNow } from "../app/platform/scheduler.server.ts";
import { createLocalStorage } from "../app/platform/storage.server.ts";
import { scheduledTasks } from "../app/scheduled-tasks.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const config = readConfig();
const database = await openConfiguredDatabase();
try {
  const storage = createLocalStorage(path.join(config.dataDir, "uploads"));
  const task = scheduledTasks(database.db, storage, config).find(
    (candidate) => candidate.name === "job-alerts",
  );
  if (!task) throw new Error("The job-alerts task is missing.");
  const run = await runTaskNow(database.url, task);
  console.log(`Job alerts: ${run.state}, ${run.outcome}`);
  if (run.state !== "completed") process.exitCode = 1;
} finally {
  await database.close();
}
