import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { getJob, searchJobs } from "./jobs.server.ts";
import { COUNT_CAP } from "./links.ts";
import type { PostingInput } from "./posting-schema.ts";
import { type JobCriteria, jobSearchSchema, MAX_PAGE } from "./search.ts";
import { fixturePosting, insertFixtures } from "./test-fixtures.server.ts";

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
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** A search as the address would carry it. */
function criteria(query: string): JobCriteria {
  const params = new URLSearchParams(query);
  const raw: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    raw[name] = values.length > 1 ? values : (values[0] as string);
  }
  return jobSearchSchema.parse(raw).criteria;
}

async function titles(query: string, page = 1) {
  const result = await searchJobs(database.db, criteria(query), page, NOW);
  return result.items.map((item) => item.title["en-CA"]);
}

function posting(title: string, overrides: Partial<PostingInput> = {}) {
  const postedAt = overrides.postedAt ?? ago(HOUR);
  return fixturePosting({
    title: { "en-CA": title, "fr-CA": title },
    closesAt: new Date(NOW.getTime() + 30 * 24 * HOUR),
    ...overrides,
    postedAt,
    updatedAt: overrides.updatedAt ?? postedAt,
  });
}

describe("keywords", () => {
  beforeEach(async () => {
    await insertFixtures(database.db, [
      posting("Développeur Web", { company: "Boréal", postedAt: ago(1 * HOUR) }),
      posting("Registered Nurse", { company: "Lakeshore Health", postedAt: ago(2 * HOUR) }),
      posting("IT Support Technician", {
        company: "Red River",
        skills: { "en-CA": ["Active Directory"], "fr-CA": ["Active Directory"] },
        postedAt: ago(3 * HOUR),
      }),
      posting("Facility Manager", {
        company: "Quitting Time 50% Co_op",
        skills: { "en-CA": ["Node.js", "C#"], "fr-CA": ["Node.js", "C#"] },
        postedAt: ago(4 * HOUR),
      }),
    ]);
  });

  test("match title, company or skills, ignoring case and accents", async () => {
    expect(await titles("keywords=DEVELOPPEUR")).toEqual(["Développeur Web"]);
    expect(await titles("keywords=boreal")).toEqual(["Développeur Web"]);
    expect(await titles("keywords=lakeshore")).toEqual(["Registered Nurse"]);
    expect(await titles("keywords=directory")).toEqual(["IT Support Technician"]);
    expect(await titles("keywords=nurs")).toEqual(["Registered Nurse"]);
  });

  test("every word must be found, in any field", async () => {
    expect(await titles("keywords=support%20red")).toEqual(["IT Support Technician"]);
    expect(await titles("keywords=support%20nurse")).toEqual([]);
  });

  test("words of one or two characters match whole words only", async () => {
    expect(await titles("keywords=it")).toEqual(["IT Support Technician"]);
    expect(await titles("keywords=c%23")).toEqual(["Facility Manager"]);
    expect(await titles("keywords=js")).toEqual(["Facility Manager"]);
    expect(await titles("keywords=we")).toEqual([]);
  });

  test("punctuation separates words and is never a wildcard", async () => {
    expect(await titles("keywords=%25")).toHaveLength(4);
    expect(await titles("keywords=co_op")).toEqual(["Facility Manager"]);
    expect(await titles("keywords=50%25")).toEqual(["Facility Manager"]);
    expect(await titles("keywords=r_d")).toEqual([]);
  });

  test("a search in a transaction runs there, seeing its own posting before anyone else", async () => {
    const nurse = criteria("keywords=nurse");
    const seen: Record<string, string[]> = {};
    await database.db
      .transaction(async (tx) => {
        await insertFixtures(tx, [posting("Night Nurse")]);
        for (const [label, db] of [
          ["inside", tx],
          ["outside", database.db],
        ] as const) {
          const { items } = await searchJobs(db, nurse, 1, NOW);
          seen[label] = items.map((item) => item.title["en-CA"]);
        }
        tx.rollback();
      })
      .catch((error) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(seen).toEqual({
      inside: ["Night Nurse", "Registered Nurse"],
      outside: ["Registered Nurse"],
    });
    expect(await titles("keywords=nurse")).toEqual(["Registered Nurse"]);
  });
});

describe("location", () => {
  beforeEach(async () => {
    await insertFixtures(database.db, [
      posting("Montreal job", {
        city: "Montréal",
        province: "QC",
        postalCode: "H2X 1Y4",
        postedAt: ago(1 * HOUR),
      }),
      posting("Victoria job", {
        city: "Victoria",
        province: "BC",
        postalCode: "V8W 1P6",
        postedAt: ago(2 * HOUR),
      }),
      posting("Toronto job", {
        city: "Toronto",
        province: "ON",
        postalCode: "M5V 2T6",
        aiScreening: false,
        existingVacancy: true,
        postedAt: ago(3 * HOUR),
      }),
    ]);
  });

  test.each([
    ["montreal", ["Montreal job"]],
    ["MONTRÉAL", ["Montreal job"]],
    ["Quebec", ["Montreal job"]],
    ["Québec", ["Montreal job"]],
    ["qc", ["Montreal job"]],
    ["Colombie-Britannique", ["Victoria job"]],
    ["british columbia", ["Victoria job"]],
    ["BC", ["Victoria job"]],
    ["on", ["Toronto job"]],
    ["Ontario", ["Toronto job"]],
    ["H2X", ["Montreal job"]],
    ["h2x 9z9", ["Montreal job"]],
    ["M5V2T6", ["Toronto job"]],
    ["Toronto, ON", ["Toronto job"]],
    ["Vancouver", []],
  ])("%j finds %j", async (location, expected) => {
    expect(await titles(`location=${encodeURIComponent(location)}`)).toEqual(expected);
  });
});

describe("posted date", () => {
  beforeEach(async () => {
    await insertFixtures(database.db, [
      posting("just now", { postedAt: ago(1000) }),
      posting("24 h exactly", { postedAt: ago(24 * HOUR) }),
      posting("24 h and 1 s", { postedAt: ago(24 * HOUR + 1000) }),
      posting("72 h exactly", { postedAt: ago(72 * HOUR) }),
      posting("72 h and 1 s", { postedAt: ago(72 * HOUR + 1000) }),
      posting("168 h exactly", { postedAt: ago(168 * HOUR) }),
      posting("168 h and 1 s", { postedAt: ago(168 * HOUR + 1000) }),
      posting("five weeks", { postedAt: ago(35 * 24 * HOUR) }),
    ]);
  });

  test("Today is the last 24 hours, edges included", async () => {
    expect(await titles("posted=1")).toEqual(["just now", "24 h exactly"]);
  });

  test("Last 3 Days is the last 72 hours", async () => {
    expect(await titles("posted=3")).toEqual([
      "just now",
      "24 h exactly",
      "24 h and 1 s",
      "72 h exactly",
    ]);
  });

  test("Last 7 Days is the last 168 hours", async () => {
    expect(await titles("posted=7")).toEqual([
      "just now",
      "24 h exactly",
      "24 h and 1 s",
      "72 h exactly",
      "72 h and 1 s",
      "168 h exactly",
    ]);
  });

  test("Any Date shows them all", async () => {
    expect(await titles("")).toHaveLength(8);
  });
});

describe("employer type, work setting, open postings", () => {
  beforeEach(async () => {
    await insertFixtures(database.db, [
      posting("direct onsite", { postedAt: ago(1 * HOUR) }),
      posting("recruiter remote", {
        employerType: "recruiter",
        workSetting: "remote",
        postedAt: ago(2 * HOUR),
      }),
      posting("other hybrid", {
        employerType: "other",
        workSetting: "hybrid",
        postedAt: ago(3 * HOUR),
      }),
      posting("closed", { open: false, postedAt: ago(4 * HOUR) }),
      posting("past its closing date", {
        postedAt: ago(40 * 24 * HOUR),
        updatedAt: ago(40 * 24 * HOUR),
        closesAt: ago(1000),
      }),
      posting("not yet posted", {
        postedAt: new Date(NOW.getTime() + HOUR),
        updatedAt: new Date(NOW.getTime() + HOUR),
      }),
    ]);
  });

  test("checkboxes keep postings of any ticked kind", async () => {
    expect(await titles("employerType=recruiter&employerType=other")).toEqual([
      "recruiter remote",
      "other hybrid",
    ]);
    expect(await titles("workSetting=onsite&workSetting=hybrid")).toEqual([
      "direct onsite",
      "other hybrid",
    ]);
    expect(await titles("employerType=direct&workSetting=remote")).toEqual([]);
  });

  test("only open postings, within their dates, are listed", async () => {
    expect(await titles("")).toEqual(["direct onsite", "recruiter remote", "other hybrid"]);
  });

  test("every filter at once", async () => {
    expect(
      await titles(
        "keywords=recruiter&location=winnipeg&posted=1&employerType=recruiter&workSetting=remote",
      ),
    ).toEqual(["recruiter remote"]);
  });
});

describe("pages and counts", () => {
  test("20 a page, newest first, with the total", async () => {
    await insertFixtures(
      database.db,
      Array.from({ length: 45 }, (_, i) =>
        posting(`job ${i}`, { postedAt: ago((i + 1) * 60_000) }),
      ),
    );
    const first = await searchJobs(database.db, criteria(""), 1, NOW);
    expect(first).toMatchObject({ total: 45, totalCapped: false, page: 1, pageSize: 20, pages: 3 });
    expect(first.items.map((item) => item.title["en-CA"])).toEqual(
      Array.from({ length: 20 }, (_, i) => `job ${i}`),
    );
    expect(await titles("", 3)).toEqual(Array.from({ length: 5 }, (_, i) => `job ${40 + i}`));
    const past = await searchJobs(database.db, criteria(""), 4, NOW);
    expect(past).toMatchObject({ items: [], total: 45, pages: 3 });
  });

  test(`past ${COUNT_CAP} matches the count says so and pages stop at the last full one`, async () => {
    await insertFixtures(
      database.db,
      Array.from({ length: COUNT_CAP + 5 }, (_, i) =>
        posting(`job ${i}`, { postedAt: ago((i + 1) * 1000) }),
      ),
    );
    const result = await searchJobs(database.db, criteria(""), MAX_PAGE, NOW);
    expect(result).toMatchObject({ total: COUNT_CAP, totalCapped: true, pages: MAX_PAGE });
    expect(result.items.at(-1)?.title["en-CA"]).toBe(`job ${COUNT_CAP - 1}`);
  });
});

describe("getJob", () => {
  test("shows everything but the contact e-mail; a closed posting says it is closed", async () => {
    const [open, closed, toronto] = await insertFixtures(database.db, [
      posting("open one", { contactEmail: "secret@fixture.example" }),
      posting("closed one", { open: false }),
      posting("ontario one", {
        city: "Toronto",
        province: "ON",
        postalCode: "M5V 2T6",
        aiScreening: true,
        existingVacancy: false,
      }),
    ]);
    const detail = await getJob(database.db, open as number, NOW);
    expect(detail).toMatchObject({ open: true, ontario: null, postalCode: "R3C 4T3" });
    expect(JSON.stringify(detail)).not.toContain("secret@");
    expect(await getJob(database.db, closed as number, NOW)).toMatchObject({ open: false });
    expect(await getJob(database.db, toronto as number, NOW)).toMatchObject({
      ontario: { aiScreening: true, existingVacancy: false },
    });
    await expect(getJob(database.db, 999_999, NOW)).rejects.toMatchObject({ code: "not_found" });
  });
});
