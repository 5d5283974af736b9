/**
 * The scheduled tasks' latest runs, newest first (decision 0037):
 *   npm run jobs:history [-- --limit 50]
 */
import { parseArgs } from "node:util";
import { taskHistory } from "../app/platform/scheduler.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const { values } = parseArgs({ options: { limit: { type: "string", default: "30" } } });
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) {
  console.error("--limit must be a whole number above 0.");
  process.exit(1);
}

const database = await openConfiguredDatabase();
try {
  const runs = await taskHistory(database.db.$client, limit);
  if (runs.length === 0) console.log("No task has run yet.");
  const time = (date: Date | null) => date?.toISOString().slice(0, 19).replace("T", " ") ?? "—";
  for (const run of runs) {
    console.log(
      [
        run.task.padEnd(22),
        run.state.padEnd(9),
        (run.byHand ? "by hand" : "scheduled").padEnd(9),
        `queued ${time(run.queuedAt)}`,
        `started ${time(run.startedAt)}`,
        `finished ${time(run.finishedAt)}`,
        run.outcome,
      ].join("  "),
    );
  }
} finally {
  await database.close();
}
