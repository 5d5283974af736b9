import { count } from "drizzle-orm";
import type { Database } from "./db/client.server.ts";
import { business } from "./db/schema/directory.ts";
import { job } from "./db/schema/jobs.ts";
import { readBusinessContent, seedBusinesses } from "./directory/seed.server.ts";
import { readJobContent, seedJobs } from "./jobs/seed.server.ts";
import { CONTENT_DIR } from "./platform/content-dir.server.ts";
import { readQuizBanks, seedQuizQuestions } from "./quiz/seed.server.ts";

/** Loads the demo content of every area; safe to run again (it changes nothing the second time). */
export async function seedDemoData(db: Database, contentDir = CONTENT_DIR) {
  const businesses = await seedBusinesses(db, await readBusinessContent(contentDir));
  const questions = await seedQuizQuestions(db, await readQuizBanks(contentDir));
  const jobs = await seedJobs(db, await readJobContent(contentDir));
  return { businesses, questions, jobs };
}

/**
 * Seeds a database that has no businesses yet: the first start of a fresh install. A database
 * made before the job board existed gets its demo postings the same way, once.
 */
export async function seedIfEmpty(db: Database, contentDir = CONTENT_DIR) {
  const [row] = await db.select({ businesses: count() }).from(business);
  if ((row?.businesses ?? 0) === 0) return seedDemoData(db, contentDir);
  const [postings] = await db.select({ jobs: count() }).from(job);
  if ((postings?.jobs ?? 0) > 0) return null;
  return {
    businesses: 0,
    questions: 0,
    jobs: await seedJobs(db, await readJobContent(contentDir)),
  };
}
