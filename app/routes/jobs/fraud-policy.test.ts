import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { employer, job } from "../../db/schema/jobs.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { fixturePosting, insertFixtures } from "../../jobs/test-fixtures.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";

// The policy against fraudulent postings through the built site: both languages, linked from a
// job's page and its report form, and in the sitemap; the "Verified employer" badge on the page.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let jobId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db);
  [jobId = 0] = await insertFixtures(database.db, [fixturePosting()]);
  const [row] = await database.db
    .insert(employer)
    .values({
      name: "Fixture Works",
      description: { "en-CA": "We test." },
      province: "MB",
      contactEmail: "hiring@example.test",
      verifiedAt: new Date(),
    })
    .returning({ id: employer.id });
  await database.db.update(job).set({ employerId: row?.id }).where(eq(job.id, jobId));
});

afterAll(() => database.close());

test("the policy is a page in both languages, with what is refused and how fast staff act", async () => {
  const english = await (await request("/jobs/fraud-policy")).text();
  expect(english).toContain("Our policy against fraudulent job postings");
  expect(english).toContain("a fee to apply");
  expect(english).toContain("within 2 business days");
  const french = await (await request("/fr/jobs/fraud-policy")).text();
  expect(french).toContain("Notre politique contre les offres d’emploi frauduleuses");
  expect(french).toContain("coordonnées bancaires");
});

test("a job's page and its report form link to it; the page shows the badge", async () => {
  const page = await (await request(`/fr/jobs/${jobId}`)).text();
  expect(page).toContain('href="/fr/jobs/fraud-policy"');
  expect(page).toContain("Employeur vérifié");
  const report = await (await request(`/jobs/${jobId}/report`)).text();
  expect(report).toContain('href="/jobs/fraud-policy"');
});

test("it is in the sitemap in each language", async () => {
  const xml = await (await request("/sitemaps/fr-pages.xml")).text();
  expect(xml).toContain(`<loc>${TEST_BASE_URL}/fr/jobs/fraud-policy</loc>`);
});
