import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { employer, job } from "../db/schema/jobs.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { getJob, searchJobs } from "./jobs.server.ts";
import { jobSearchSchema } from "./search.ts";
import { fixturePosting, insertFixtures } from "./test-fixtures.server.ts";

// The "Verified employer" badge is read with the cards themselves: a posting whose employer staff
// verified says so; one whose employer waits, or a seed posting with no employer, does not.

let database: DatabaseHandle;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const employers = await database.db
    .insert(employer)
    .values(
      ["Verified Co", "Waiting Co"].map((name) => ({
        name,
        description: { "en-CA": `${name} hires.` },
        province: "MB",
        contactEmail: "hiring@example.test",
        verifiedAt: name === "Verified Co" ? new Date() : null,
      })),
    )
    .returning({ id: employer.id, name: employer.name });
  const [verified, waiting, seed] = await insertFixtures(
    database.db,
    ["Verified Co", "Waiting Co", "Seed Co"].map((company) =>
      fixturePosting({
        company,
        title: { "en-CA": `Badge tester at ${company}`, "fr-CA": `Testeur chez ${company}` },
      }),
    ),
  );
  Object.assign(ids, { verified, waiting, seed });
  for (const [jobId, name] of [
    [verified, "Verified Co"],
    [waiting, "Waiting Co"],
  ] as const)
    await database.db
      .update(job)
      .set({ employerId: employers.find((row) => row.name === name)?.id })
      .where(eq(job.id, jobId ?? 0));
});

afterAll(() => database?.close());

test("the cards of a search say which postings come from a verified employer", async () => {
  const { criteria } = jobSearchSchema.parse({ keywords: "badge tester" });
  const page = await searchJobs(database.db, criteria, 1);
  expect(
    Object.fromEntries(page.items.map((item) => [item.company, item.verifiedEmployer])),
  ).toEqual({ "Verified Co": true, "Waiting Co": false, "Seed Co": false });
});

test("a posting's page says so too, and the badge goes once the employer is no longer verified", async () => {
  expect((await getJob(database.db, ids.verified ?? 0)).verifiedEmployer).toBe(true);
  expect((await getJob(database.db, ids.seed ?? 0)).verifiedEmployer).toBe(false);
  await database.db
    .update(employer)
    .set({ verifiedAt: null })
    .where(
      inArray(
        employer.id,
        database.db
          .select({ id: sql<number>`${job.employerId}` })
          .from(job)
          .where(eq(job.id, ids.verified ?? 0)),
      ),
    );
  expect((await getJob(database.db, ids.verified ?? 0)).verifiedEmployer).toBe(false);
});
