import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { readBlogContent, seedBlogPosts } from "./blog/seed.server.ts";
import type { Database } from "./db/client.server.ts";
import { blogPost } from "./db/schema/blog.ts";
import { business } from "./db/schema/directory.ts";
import { job } from "./db/schema/jobs.ts";
import { redeemGoal } from "./db/schema/players.ts";
import { pricingPlan } from "./db/schema/pricing.ts";
import { product } from "./db/schema/shop.ts";
import {
  dealPictures,
  fillMissingContacts,
  readBusinessContent,
  readDemoReviews,
  replaceOldPictures,
  seedBusinesses,
  seedPlayerReviews,
} from "./directory/seed.server.ts";
import { readJobContent, seedJobs } from "./jobs/seed.server.ts";
import { CONTENT_DIR } from "./platform/content-dir.server.ts";
import { readDemoPlayers, seedDemoPlayers, seedRedeemGoals } from "./players/seed.server.ts";
import { readPricingContent, seedPlans } from "./pricing/seed.server.ts";
import { readQuizBanks, seedQuizQuestions } from "./quiz/seed.server.ts";
import { readShopContent, seedProducts } from "./shop/seed.server.ts";

/** Loads the demo content of every area; safe to run again (it changes nothing the second time). */
export async function seedDemoData(db: Database, contentDir = CONTENT_DIR) {
  const businessFiles = await readBusinessContent(contentDir);
  const businesses = await seedBusinesses(db, businessFiles);
  await fillMissingContacts(
    db,
    businessFiles.flatMap((file) => file.businesses),
  );
  const players = await seedDemoPlayers(db, await readDemoPlayers(contentDir));
  // Each review by its player's id; one whose player is not there (a real player has the
  // handle) is left out.
  const reviews = await seedPlayerReviews(
    db,
    (await readDemoReviews(contentDir)).flatMap((item) => {
      const userId = players.ids.get(item.player);
      return userId ? [{ ...item, userId }] : [];
    }),
  );
  // Only when businesses were added (a fresh directory): a second run changes nothing.
  if (businesses > 0)
    await dealPictures(
      db,
      businessFiles.flatMap((file) => file.businesses),
    );
  const questions = await seedQuizQuestions(db, await readQuizBanks(contentDir));
  const posts = await seedBlogPosts(db, await readBlogContent(contentDir));
  const products = await seedProducts(db, await readShopContent(contentDir));
  const plans = await seedPlans(db, await readPricingContent(contentDir));
  const jobs = await seedJobs(db, await readJobContent(contentDir));
  const goals = await seedRedeemGoals(db);
  return {
    businesses,
    players: players.added,
    reviews,
    questions,
    posts,
    products,
    plans,
    jobs,
    goals,
  };
}

/** One table of each area that has demo content: an empty one means the area was never seeded. */
const AREA_TABLES: PgTable[] = [business, blogPost, product, pricingPlan, job, redeemGoal];

/**
 * Seeds a database that lacks demo content: the first start of a fresh install, or the first start
 * after an area with demo content of its own was added. Returns null when nothing was missing.
 */
export async function seedIfEmpty(db: Database, contentDir = CONTENT_DIR) {
  const seeds = (await readBusinessContent(contentDir)).flatMap((file) => file.businesses);
  await replaceOldPictures(db, seeds);
  await fillMissingContacts(db, seeds);
  for (const table of AREA_TABLES) {
    const [row] = await db.select({ rows: count() }).from(table);
    if ((row?.rows ?? 0) === 0) return seedDemoData(db, contentDir);
  }
  return null;
}
