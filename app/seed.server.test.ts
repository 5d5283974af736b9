import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "./db/client.server.ts";
import { createTestDatabase } from "./db/test-database.server.ts";
import { seedDemoData, seedIfEmpty } from "./seed.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

/** Every seeded table's rows, hashed, so "nothing changed" compares contents, not just counts. */
async function fingerprint() {
  const tables = [
    "business",
    "business_product",
    "review",
    "business_question",
    "quiz_question",
    "blog_post",
    "blog_post_text",
    "product",
    "pricing_plan",
    "job",
    "job_text",
    "redeem_goal",
  ];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await database.db.execute<{ rows: number; hash: string }>(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${table} t`,
      ),
    );
    result[table] = `${rows[0]?.rows}:${rows[0]?.hash}`;
  }
  return result;
}

test("the first start loads the demo content; a second seed changes nothing", async () => {
  const seeded = await seedIfEmpty(database.db);
  expect(seeded).toMatchObject({
    businesses: 120,
    questions: 1800,
    products: 14,
    plans: 3,
    jobs: 64,
    goals: 8,
  });
  expect(seeded?.posts).toBeGreaterThanOrEqual(12);
  const { rows } = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from quiz_question group by category, locale order by 1`,
  );
  expect(rows).toHaveLength(18);
  expect(rows.every((row) => row.n === 100)).toBe(true);

  const before = await fingerprint();
  expect(await seedIfEmpty(database.db)).toBeNull();
  expect(await seedDemoData(database.db)).toEqual({
    businesses: 0,
    questions: 1800,
    posts: 0,
    products: 0,
    plans: 0,
    jobs: 0,
    goals: 0,
  });
  expect(await fingerprint()).toEqual(before);
});

test("an area added since the first start gets its demo content on the next start", async () => {
  await database.db.execute(sql`delete from pricing_plan`);
  expect(await seedIfEmpty(database.db)).toMatchObject({ businesses: 0, plans: 3 });
});

test("a database from before the job board gets the demo postings once", async () => {
  await database.db.execute(sql`delete from job`);
  expect(await seedIfEmpty(database.db)).toMatchObject({ businesses: 0, jobs: 64 });
  expect(await seedIfEmpty(database.db)).toBeNull();
});
