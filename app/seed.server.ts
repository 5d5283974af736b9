import { count } from "drizzle-orm";
import type { Database } from "./db/client.server.ts";
import { business } from "./db/schema/directory.ts";
import { readBusinessContent, seedBusinesses } from "./directory/seed.server.ts";
import { CONTENT_DIR } from "./platform/content-dir.server.ts";
import { readQuizBanks, seedQuizQuestions } from "./quiz/seed.server.ts";

/** Loads the demo content of every area; safe to run again (it changes nothing the second time). */
export async function seedDemoData(db: Database, contentDir = CONTENT_DIR) {
  const businesses = await seedBusinesses(db, await readBusinessContent(contentDir));
  const questions = await seedQuizQuestions(db, await readQuizBanks(contentDir));
  return { businesses, questions };
}

/** Seeds a database that has no businesses yet: the first start of a fresh install. */
export async function seedIfEmpty(db: Database, contentDir = CONTENT_DIR) {
  const [row] = await db.select({ businesses: count() }).from(business);
  if ((row?.businesses ?? 0) > 0) return null;
  return seedDemoData(db, contentDir);
}
