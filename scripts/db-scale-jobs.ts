/**
 * Fills the configured database with generated job postings for benchmarks:
 *   npm run db:scale-jobs -- --jobs 100000
 */
import { scaleJobs } from "../app/jobs/scale.server.ts";
import { scaleConfiguredDatabase } from "./open-database.ts";

await scaleConfiguredDatabase("jobs", 100_000, "generated job postings", scaleJobs);
