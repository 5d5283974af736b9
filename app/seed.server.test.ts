import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "./db/client.server.ts";
import { user } from "./db/schema/accounts.ts";
import { createTestDatabase } from "./db/test-database.server.ts";
import { readBusinessContent } from "./directory/seed.server.ts";
import { isDecentName } from "./platform/names.ts";
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
    "user",
    "points_ledger",
    "follow",
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
    players: 12,
    reviews: 43,
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
    players: 0,
    reviews: 0,
    questions: 1800,
    posts: 0,
    products: 0,
    plans: 0,
    jobs: 0,
    goals: 0,
  });
  expect(await fingerprint()).toEqual(before);
});

test("every seeded player's name and handle passes the word check the forms apply", async () => {
  const players = await database.db.select({ name: user.name, handle: user.handle }).from(user);
  expect(players.length).toBeGreaterThan(0);
  for (const { name, handle } of players) {
    expect(isDecentName(name), name).toBe(true);
    expect(isDecentName(handle.replace(/-/g, " ")), handle).toBe(true);
  }
});

test("the demo looks in use: players' reviews vary the ratings, players have points and follows", async () => {
  const { rows: ratings } = await database.db.execute<{ kinds: number; perfect: number }>(
    sql`select count(distinct rating)::int as kinds, count(*) filter (where rating = 5)::int as perfect
        from business`,
  );
  expect(ratings[0]?.kinds).toBeGreaterThanOrEqual(6);
  expect(ratings[0]?.perfect).toBeLessThanOrEqual(3);

  const { rows: players } = await database.db.execute<{
    players: number;
    public: number;
    adultsAndTeens: number;
    withPoints: number;
    ledgerMatches: number;
    reviews: number;
    follows: number;
    accounts: number;
  }>(sql`
    select count(*)::int as players,
      count(*) filter (where u.profile_public)::int as public,
      count(*) filter (where u.age >= 14)::int as "adultsAndTeens",
      count(*) filter (where u.points > 0)::int as "withPoints",
      count(*) filter (where u.points - u.uses_points =
        (select sum(change) from points_ledger l where l.user_id = u.id))::int as "ledgerMatches",
      (select count(*) from review r where r.user_id like 'demo-player-%')::int as reviews,
      (select count(*) from follow f where f.follower_id like 'demo-player-%')::int as follows,
      (select count(*) from account a where a.user_id like 'demo-player-%')::int as accounts
    from "user" u where u.id like 'demo-player-%'`);
  expect(players[0]).toEqual({
    players: 12,
    public: 12,
    adultsAndTeens: 12,
    withPoints: 12,
    ledgerMatches: 12,
    reviews: 43,
    follows: expect.any(Number),
    // No password, no other sign-in: nobody can use a demo player.
    accounts: 0,
  });
  expect(players[0]?.follows).toBeGreaterThan(10);
});

test("each business shows its kind's picture; no two side by side in a list share one", async () => {
  const kinds = new Map(
    (await readBusinessContent("content")).flatMap((file) =>
      file.businesses.map((seed) => [seed.slug, seed.kind]),
    ),
  );
  const { rows } = await database.db.execute<{
    slug: string;
    category: string;
    image: string;
    cover: string;
  }>(
    sql`select slug, category, image, cover_image as cover from business order by rating desc, id desc`,
  );
  for (const row of rows) {
    expect(row.image, row.slug).toMatch(
      new RegExp(`^/images/directory/kinds/${kinds.get(row.slug)}(-[a-z]+)?\\.svg$`),
    );
    expect(row.cover).toBe(row.image);
    expect(fs.existsSync(path.join("public", row.image)), row.image).toBe(true);
  }
  // The best rated first (the directory's first pages), then each category's list.
  const lists = [
    rows,
    ...[...new Set(rows.map((row) => row.category))].map((category) =>
      rows.filter((row) => row.category === category),
    ),
  ];
  expect(lists).toHaveLength(9);
  for (const list of lists) {
    const repeats = list.filter((row, index) => index > 0 && list[index - 1]?.image === row.image);
    expect(repeats).toEqual([]);
  }
});

test("a database seeded before the kinds' pictures gets them on the next start, once", async () => {
  await database.db.execute(
    sql`update business set image = '/images/directory/' || category || '-3.svg',
      cover_image = '/images/directory/' || category || '-3.svg'`,
  );
  expect(await seedIfEmpty(database.db)).toBeNull();
  const { rows } = await database.db.execute<{ old: number }>(
    sql`select count(*)::int as old from business where image not like '/images/directory/kinds/%'
      or cover_image <> image`,
  );
  expect(rows[0]?.old).toBe(0);
  const before = await fingerprint();
  expect(await seedIfEmpty(database.db)).toBeNull();
  expect(await fingerprint()).toEqual(before);
});

test("every demo business has a fictional Canadian number; one seeded without gets it on the next start, once", async () => {
  const { rows } = await database.db.execute<{ missing: number; fictional: number }>(
    sql`select count(*) filter (where phone is null)::int as missing,
          count(*) filter (where phone ~ '^\\+1[2-9][0-9]{2}55501[0-9]{2}$')::int as fictional
        from business`,
  );
  expect(rows[0]).toEqual({ missing: 0, fictional: 120 });
  await database.db.execute(
    sql`update business set phone = null where slug = 'bistro-tablee-rosalie-montreal'`,
  );
  expect(await seedIfEmpty(database.db)).toBeNull();
  const { rows: after } = await database.db.execute<{ phone: string }>(
    sql`select phone from business where slug = 'bistro-tablee-rosalie-montreal'`,
  );
  expect(after[0]?.phone).toBe("+15145550107");
  const before = await fingerprint();
  expect(await seedIfEmpty(database.db)).toBeNull();
  expect(await fingerprint()).toEqual(before);
});

test("every demo business has its own address at example.test; one seeded without gets it on the next start, once", async () => {
  const { rows } = await database.db.execute<{ missing: number; own: number }>(
    sql`select count(*) filter (where contact_email is null)::int as missing,
          count(*) filter (where contact_email = slug || '@example.test')::int as own
        from business`,
  );
  expect(rows[0]).toEqual({ missing: 0, own: 120 });
  await database.db.execute(
    sql`update business set contact_email = null where slug = 'bistro-tablee-rosalie-montreal'`,
  );
  expect(await seedIfEmpty(database.db)).toBeNull();
  const { rows: after } = await database.db.execute<{ email: string }>(
    sql`select contact_email as email from business where slug = 'bistro-tablee-rosalie-montreal'`,
  );
  expect(after[0]?.email).toBe("bistro-tablee-rosalie-montreal@example.test");
  const before = await fingerprint();
  expect(await seedIfEmpty(database.db)).toBeNull();
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
