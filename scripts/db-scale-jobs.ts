/**
 * Fills the configured database with generated job postings for benchmarks:
 *   npm run db:scale-jobs -- --jobs 100000
 */
import { parseArgs } from "node:util";
import { scaleJobs } from "../app/jobs/scale.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const { values } = parseArgs({ options: { jobs: { type: "string", default: "100000" } } });
const target = Number(values.jobs);
if (!Number.isInteger(target) || target < 1) {
  console.error("--jobs must be a whole number of at least 1.");
  process.exit(1);
}

const database = await openConfiguredDatabase();
try {
  const started = performance.now();
  await scaleJobs(database.db, target, (done) =>
    console.log(`${done.toLocaleString("en-CA")} generated job postings`),
  );
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
