import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { job } from "../db/schema/jobs.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { jobMatch, searchJobs, searchJobsQuery } from "./jobs.server.ts";
import type { PostingInput } from "./posting-schema.ts";
import { scaleJobs } from "./scale.server.ts";
import { jobSearchSchema, PAGE_SIZE } from "./search.ts";
import { keywordColumn } from "./search-text.ts";
import { fixturePosting, insertFixtures } from "./test-fixtures.server.ts";
import {
  LOOKUPS_MAX,
  TERM_WORDS_MAX,
  type TermWords,
  wordPostingsPlan,
} from "./word-postings.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`truncate job cascade`);
});

const NOW = new Date("2026-11-20T12:00:00Z");
const HOUR = 3_600_000;

function posting(title: string, hoursAgo: number, overrides: Partial<PostingInput> = {}) {
  const postedAt = new Date(NOW.getTime() - hoursAgo * HOUR);
  return fixturePosting({
    title: { "en-CA": title, "fr-CA": title },
    postedAt,
    updatedAt: postedAt,
    closesAt: new Date(NOW.getTime() + 30 * 24 * HOUR),
    ...overrides,
  });
}

/** Each word's postings as the search reads them, and each word's count as job_word keeps it. */
async function listed() {
  const postings = await database.db.execute<{ field: string; word: string; job_id: number }>(
    sql`select field, word, job_id from job_word_posting order by job_id, field, word`,
  );
  const miscounted = await database.db.execute(sql`
    select known.field, known.word from job_word as known
    where known.postings <> (select count(*) from job_word_posting as posting
      where posting.field = known.field and posting.word = known.word)`);
  return { postings: postings.rows, miscounted: miscounted.rows };
}

const wordsOf = (rows: { field: string; word: string; job_id: number }[], id: number) =>
  rows.filter((row) => row.job_id === id && row.field === "k").map((row) => row.word);

describe("postings lists kept by the database", () => {
  test("an open posting's words are listed and counted; edits, closing and deleting follow", async () => {
    const [nurse = 0, welder = 0] = await insertFixtures(database.db, [
      posting("Registered Nurse", 1, { company: "Lakeshore Health" }),
      posting("Welder", 2, { company: "Lakeshore Steel" }),
    ]);
    let state = await listed();
    expect(wordsOf(state.postings, nurse)).toEqual(
      ["essais", "health", "lakeshore", "nurse", "registered", "testing"].sort(),
    );
    expect(state.postings.filter((row) => row.field === "l" && row.job_id === nurse)).not.toEqual(
      [],
    );
    expect(state.miscounted).toEqual([]);

    // A new title: the old words go, the new come, the counts follow.
    const title = { "en-CA": "Licensed Practical Nurse", "fr-CA": "Infirmière auxiliaire" };
    const searchText = keywordColumn({
      title,
      company: "Lakeshore Health",
      skills: { "en-CA": ["Testing"], "fr-CA": ["Essais"] },
    });
    await database.db.update(job).set({ title, searchText }).where(eq(job.id, nurse));
    state = await listed();
    expect(wordsOf(state.postings, nurse)).toContain("infirmiere");
    expect(wordsOf(state.postings, nurse)).not.toContain("registered");
    expect(state.miscounted).toEqual([]);

    // An edit that leaves the searched columns alone changes nothing.
    await database.db.update(job).set({ updatedAt: NOW }).where(eq(job.id, nurse));
    expect((await listed()).postings).toEqual(state.postings);

    await database.db.update(job).set({ status: "closed", isOpen: false }).where(eq(job.id, nurse));
    state = await listed();
    expect(state.postings.filter((row) => row.job_id === nurse)).toEqual([]);
    expect(wordsOf(state.postings, welder)).toContain("welder");
    expect(state.miscounted).toEqual([]);

    await database.db.delete(job).where(eq(job.id, welder));
    state = await listed();
    expect(state.postings).toEqual([]);
    expect(state.miscounted).toEqual([]);
  });
});

describe("a bulk load (scaleJobs) writes with the triggers off and rebuilds the lists", () => {
  /** Every listed posting and every word's count, in one order. */
  async function snapshot() {
    const postings = await database.db.execute(
      sql`select * from job_word_posting order by field, word, posted_at, job_id`,
    );
    const words = await database.db.execute(
      sql`select field, word, postings from job_word where postings > 0 order by field, word`,
    );
    return { postings: postings.rows, words: words.rows };
  }

  /** The lists the row triggers write for the same postings: all of them inserted again. */
  async function listedByTriggers() {
    await database.db.execute(sql`create temporary table loaded as select * from job`);
    await database.db.execute(sql`truncate job cascade`);
    await database.db.execute(sql`insert into job overriding system value select * from loaded`);
    await database.db.execute(sql`drop table loaded`);
    return snapshot();
  }

  test("the lists match the triggers', after filling and after moving postings forward", async () => {
    await insertFixtures(database.db, [posting("Registered Nurse", 1)]);
    await scaleJobs(database.db, 300);
    const filled = await snapshot();
    expect(filled.postings.length).toBeGreaterThan(300 * 5);
    expect(filled).toEqual(await listedByTriggers());

    // A kept database whose newest posting is over an hour old: every posting moves forward.
    await database.db.execute(
      sql`update job set posted_at = posted_at - interval '2 hours', closes_at = closes_at - interval '2 hours'`,
    );
    const aged = await snapshot();
    await scaleJobs(database.db, 300);
    const moved = await snapshot();
    expect(moved.postings).not.toEqual(aged.postings);
    expect(moved).toEqual(await listedByTriggers());
  });

  test("the triggers are on again afterwards", async () => {
    await scaleJobs(database.db, 50);
    const [welder = 0] = await insertFixtures(database.db, [posting("Welder", 1)]);
    expect(wordsOf((await listed()).postings, welder)).toContain("welder");
    expect((await listed()).miscounted).toEqual([]);
  });
});

describe("a search reads the same postings either way", () => {
  const places = [
    // Ontario asks for the two statements.
    {
      city: "Toronto",
      province: "ON",
      postalCode: "M5V 2T6",
      aiScreening: false,
      existingVacancy: true,
    },
    { city: "Montréal", province: "QC", postalCode: "H2X 1Y4" },
    { city: "Vancouver", province: "BC", postalCode: "V6B 1A1" },
  ] as const;
  const roles = ["Web Developer", "Développeur Web", "Registered Nurse", "IT Technician"];

  beforeEach(async () => {
    // 48 postings: every role in every place, with each employer type and work setting, posted
    // across three days, so each filter and each page has something to find.
    await insertFixtures(
      database.db,
      Array.from({ length: 48 }, (_, i) => {
        const place = places[i % places.length];
        return posting(roles[i % roles.length] as string, 1 + i * 1.5, {
          ...place,
          employerType: (["direct", "recruiter", "other"] as const)[i % 3],
          workSetting: (["onsite", "remote", "hybrid"] as const)[(i >> 1) % 3],
        });
      }),
    );
  });

  test.each([
    "keywords=web",
    "keywords=dev",
    "keywords=developpeur",
    "keywords=it",
    "keywords=nurse&location=qc",
    "keywords=web%20developer&location=toronto",
    "keywords=dev&location=toronto",
    "keywords=dev%20web&posted=1&page=2",
    "keywords=tech&location=h2x%201y4&posted=1",
    "keywords=nurse&employerType=recruiter&workSetting=hybrid",
    "location=bc&posted=3&workSetting=remote&workSetting=onsite",
    "keywords=web&page=2",
    "keywords=web&page=3",
    "keywords=zq",
    "keywords=e&location=x",
  ])("%s", async (query) => {
    const params = new URLSearchParams(query);
    const { criteria, page } = jobSearchSchema.parse({
      ...Object.fromEntries(params),
      employerType: params.getAll("employerType"),
      workSetting: params.getAll("workSetting"),
    });
    const read = await searchJobs(database.db, criteria, page, NOW);
    const compared = await searchJobsQuery(
      database.db,
      jobMatch(criteria, NOW),
      (page - 1) * PAGE_SIZE,
    ).execute();
    expect(read.items.map((item) => item.id)).toEqual(
      compared.flatMap(({ row }) => (row ? [row.id] : [])),
    );
    expect(read.total).toBe(compared[0]?.total ?? 0);
  });

  test("the comparison is not between two empty lists", async () => {
    const { criteria } = jobSearchSchema.parse({ keywords: "web" });
    const read = await searchJobs(database.db, criteria, 1, NOW);
    expect(read.total).toBe(24);
    expect(read.items).toHaveLength(PAGE_SIZE);
  });
});

describe("wordPostingsPlan", () => {
  const term = (postings: number, words = ["word"]): TermWords => ({
    field: "k",
    words,
    postings,
  });
  const several = (postings: number) => term(postings, ["first", "second"]);

  test("the rarest term leads; one word is merged, several looked up, rarest first", () => {
    const [common, rare, middle, broad] = [term(900), term(3), several(40), several(600)];
    expect(wordPostingsPlan([common, broad, rare, middle])).toEqual({
      lead: rare,
      merged: [common],
      looked: [middle, broad],
    });
  });

  test("a term alone leads however common", () => {
    const only = several(LOOKUPS_MAX * 10);
    expect(wordPostingsPlan([only])).toEqual({ lead: only, merged: [], looked: [] });
  });

  test("none when the lookups could be too many, or a term finds too many words", () => {
    // One lookup per word of each other term: three here.
    const lead = term(LOOKUPS_MAX / 3);
    expect(wordPostingsPlan([lead, term(LOOKUPS_MAX), several(LOOKUPS_MAX)])).toBeDefined();
    const commoner = term(LOOKUPS_MAX / 3 + 1);
    expect(wordPostingsPlan([commoner, term(LOOKUPS_MAX), several(LOOKUPS_MAX)])).toBe(undefined);
    const broad = term(
      5,
      Array.from({ length: TERM_WORDS_MAX + 1 }, (_, i) => `w${i}`),
    );
    expect(wordPostingsPlan([broad])).toBe(undefined);
  });
});
