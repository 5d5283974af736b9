import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { job } from "../db/schema/jobs.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import type { EmployerActor } from "./employers.server.ts";
import { employerPostingSchema } from "./posting-schema.ts";
import { createPosting, publishPosting } from "./postings.server.ts";
import { employerPostingFixture, insertEmployerActor } from "./test-fixtures.server.ts";

let database: DatabaseHandle;
const NOW = new Date("2026-11-27T15:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Postings that share their common words ("developer", "toronto"): the same word count rows. */
const posting = (serial: number) =>
  employerPostingSchema.parse(
    employerPostingFixture({
      title: { "en-CA": `Software developer ${serial}`, "fr-CA": `Développeur logiciel ${serial}` },
      city: "Toronto",
      postalCode: "M5V 2T6",
    }),
  );

test("twenty employers publishing at the same moment all succeed", async () => {
  const actors: EmployerActor[] = [];
  for (let serial = 0; serial < 20; serial += 1)
    actors.push(
      await insertEmployerActor(database.db, { name: `Employer ${serial}`, verifiedAt: NOW }),
    );
  const drafts = await Promise.all(
    actors.map(async (actor, serial) => ({
      actor,
      id: await createPosting(database.db, actor, posting(serial), NOW),
    })),
  );
  const outcomes = await Promise.allSettled(
    drafts.map(({ actor, id }) => publishPosting(database.db, actor, id, NOW)),
  );
  expect(outcomes.map((outcome) => outcome.status === "fulfilled" && outcome.value)).toEqual(
    Array(20).fill("published"),
  );
  expect(await database.db.$count(job, sql`${job.status} = 'published'`)).toBe(20);
  // Each shared word's count row counts every one of them (decision 0026's triggers).
  const { rows } = await database.db.execute<{ postings: number }>(
    sql`select postings from job_word where field = 'k' and word = 'developer'`,
  );
  expect(rows).toEqual([{ postings: 20 }]);
});
