/** Loads the demo content into the configured database; running it again changes nothing. */
import { seedDemoData } from "../app/seed.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const database = await openConfiguredDatabase();
try {
  const { businesses, players, reviews, questions, posts, products, plans, jobs } =
    await seedDemoData(database.db);
  console.log(
    `Demo data loaded: ${businesses} new businesses, ${players} new demo players, ${reviews} new players' reviews, ${questions} quiz questions checked, ${posts} new blog posts, ${products} new products, ${plans} new pricing plans, ${jobs} new job postings.`,
  );
} finally {
  await database.close();
}
