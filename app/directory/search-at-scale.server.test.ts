import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import type { Database, DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import type { Province } from "../platform/provinces.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { searchBusinesses } from "./businesses.server.ts";
import type { CategorySlug } from "./categories.ts";
import { scaleBusinesses } from "./scale.server.ts";
import { type SearchCriteria, searchCursor } from "./search.ts";

/**
 * The search's plans on a directory big enough for PostgreSQL to choose as it does in production
 * (a few hundred thousand rows, about a minute to fill), and its answers checked against a plain
 * query: the plan that stops early must not change what is found.
 */
const BUSINESSES = 200_000;

let database: DatabaseHandle;
/** The same pool, with every statement the search sends recorded. */
let recorded: Database;
const statements: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await scaleBusinesses(database.db, BUSINESSES);
  // Rare businesses far below the ranking's first window: only the text indexes can find them.
  await database.db.execute(sql`
    insert into business (slug, name, category, city, province, address, postal_code, latitude,
      longitude, search_name, search_location, rating, price_from_cents, opens_at, closes_at, image,
      cover_image, owner_name, owner_image, description)
    select 'rare-' || g, 'Zq Rare ' || g, 'shopping', 'Inuvik', 'NT', '1 Rare Road', 'X0E 0T0', 68.36,
      -133.72, 'zq rare ' || g, 'inuvik nt', 1.0 + g / 10.0, 100, '09:00', '17:00', '/a.svg',
      '/a.svg', 'Rare Owner', '/o.svg', '{"en-CA": "Rare.", "fr-CA": "Rare."}'
    from generate_series(1, 15) as g`);
  await database.db.execute(sql`vacuum analyze business`);
  recorded = drizzle({
    client: database.db.$client,
    casing: "snake_case",
    logger: { logQuery: (text, params) => statements.push({ sql: text, params }) },
  }) as unknown as Database;
}, 240_000);

afterAll(() => database.close());

type Criteria = { title?: string; location?: string; province?: Province; category?: CategorySlug };

const criteriaOf = ({
  title = "",
  location = "",
  province,
  category,
}: Criteria): SearchCriteria => ({
  title: normalizeForSearch(title),
  location: normalizeForSearch(location),
  province,
  category,
});

/** The cards' opening hours, read once the page's rows are found (decision 0056). */
const HOURS_TABLE = /"business_hours"|"business_special_day"/;

/**
 * Every plan node of the statements one search sends, as "Node Type" and index name: the search's
 * own, or (`hours`) the lookups of the cards' opening hours.
 */
async function plansOf(criteria: Criteria, cursor?: string, { hours = false } = {}) {
  statements.length = 0;
  await searchBusinesses(recorded, criteriaOf(criteria), {
    limit: 12,
    cursor: cursor ? searchCursor.decode(cursor) : undefined,
  });
  const nodes: string[][] = [];
  for (const statement of statements.filter((one) => HOURS_TABLE.test(one.sql) === hours)) {
    const { rows } = await database.db.$client.query(
      `explain (format json) ${statement.sql}`,
      statement.params,
    );
    const walk = (node: Record<string, unknown>): string[] => [
      `${node["Node Type"]}${node["Index Name"] ? ` ${node["Index Name"]}` : ""}`,
      ...((node.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(walk),
    ];
    nodes.push(walk(rows[0]["QUERY PLAN"][0].Plan));
  }
  return nodes;
}

/** What a plain query finds: every match, best rated first. */
async function expected(criteria: Criteria, limit: number) {
  const { title, location, province, category } = criteriaOf(criteria);
  const { rows } = await database.db.$client.query<{ id: number }>(
    `select id from business
     where strpos(search_name, $1) > 0 and strpos(search_location, $2) > 0
       and ($3::text is null or category = $3)
       and ($5::text is null or province = $5)
     order by rating desc, id desc limit $4`,
    [title, location, category ?? null, limit, province ?? null],
  );
  return rows.map((row) => row.id);
}

/** What the search finds over its first pages, following each page's cursor. */
async function searched(criteria: Criteria, pages: number) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page = await searchBusinesses(database.db, criteriaOf(criteria), {
      limit: 12,
      cursor: cursor ? searchCursor.decode(cursor) : undefined,
    });
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

const SEARCHES: [string, Criteria][] = [
  ["no filter", {}],
  ["a common word", { title: "caf" }],
  ["word, city and category", { title: "caf", location: "toronto", category: "restaurants" }],
  ["two words", { title: "fundy books" }],
  ["two letters matching nothing", { title: "zq x" }],
  ["two letters found only below the window", { title: "zq" }],
  ["one letter", { title: "q" }],
  ["a province", { location: "qc" }],
  ["a place nobody is in", { location: "yt" }],
  ["a province named", { province: "QC" }],
  ["a city in its province", { location: "toronto", province: "ON" }],
  ["a province found only below the window", { province: "NT" }],
  ["a province nobody is in", { province: "YT" }],
  ["three letters matching nothing", { title: "qqq" }],
  ["a wildcard taken literally", { title: "%" }],
  ["short pieces of two words", { title: "e b" }],
];

describe(`searching ${BUSINESSES.toLocaleString("en-CA")} businesses`, () => {
  test.each(SEARCHES)("%s never reads the whole table", async (_name, criteria) => {
    for (const nodes of await plansOf(criteria)) {
      expect(nodes.join(", ")).not.toMatch(/Seq Scan/);
    }
  });

  test("common searches read only the ranking index, then the rows they show", async () => {
    for (const criteria of [
      { title: "caf" },
      { title: "fundy books" },
      { location: "qc" },
      { province: "QC" as const },
      { location: "toronto", province: "ON" as const },
    ]) {
      const nodes = await plansOf(criteria);
      expect(nodes).toHaveLength(1);
      expect(nodes[0]).toContain("Index Only Scan business_rank_idx");
      expect(nodes[0]).toContain("Index Scan business_pkey");
    }
    const [filtered] = await plansOf({
      title: "caf",
      location: "toronto",
      category: "restaurants",
    });
    expect(filtered).toContain("Index Only Scan business_category_rank_idx");
  });

  test("the cards' hours are no statement while no card has its own", async () => {
    expect(await plansOf({ title: "caf" }, undefined, { hours: true })).toHaveLength(0);
  });

  test("the cards' hours are two lookups by primary key, whatever found them", async () => {
    // Every listing with hours of its own, then back as seeded (and vacuumed, for the other plans).
    // Rewriting 200,000 rows twice took over two minutes on a loaded machine: the cleanup's
    // limit is generous so that load alone cannot fail it.
    await database.db.execute(sql`update business set own_hours = true`);
    onTestFinished(async () => {
      await database.db.execute(sql`update business set own_hours = false`);
      await database.db.execute(sql`vacuum analyze business`);
    }, 600_000);
    for (const criteria of [{ title: "caf" }, { title: "zq rare" }, { location: "qc" }]) {
      const nodes = await plansOf(criteria, undefined, { hours: true });
      expect(nodes).toHaveLength(2);
      expect(nodes[0]?.join(", ")).toMatch(/business_hours_business_id_weekday_position_pk/);
      expect(nodes[1]?.join(", ")).toMatch(/business_special_day_business_id_day_pk/);
      expect(nodes.flat().join(", ")).not.toMatch(/Seq Scan/);
    }
  }, 180_000);

  test("terms too short for trigrams are found through their pieces, never a trigram scan", async () => {
    for (const criteria of [
      { title: "zq" },
      { title: "x" },
      { title: "x y" },
      { location: "yt" },
    ]) {
      const nodes = await plansOf(criteria);
      expect(nodes).toHaveLength(2);
      expect(nodes[1]?.join(", ")).toMatch(/Bitmap Index Scan business_search_\w+_grams_idx/);
      expect(nodes.flat().join(", ")).not.toMatch(/trgm/);
    }
  });

  test("rare terms of three letters or more go to the trigram index after the window", async () => {
    const nodes = await plansOf({ title: "qqq" });
    expect(nodes[1]?.join(", ")).toMatch(/Bitmap Index Scan business_search_name_trgm_idx/);
  });

  test.each(SEARCHES)(
    "%s finds what a plain query finds, page after page",
    async (_name, criteria) => {
      expect(await searched(criteria, 3)).toEqual(await expected(criteria, 36));
    },
  );

  test("a province named is matched on the location's end, below the window too", async () => {
    const found = await searched({ province: "NT" }, 3);
    expect(found.length).toBeGreaterThanOrEqual(15);
    expect(found).toEqual(await expected({ province: "NT" }, 36));
  });

  test("a rare term found only below the window comes back in full, in order", async () => {
    const found = await searched({ title: "zq rare" }, 3);
    expect(found).toHaveLength(15);
    expect(found).toEqual(await expected({ title: "zq rare" }, 100));
  });
});
