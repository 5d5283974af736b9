import type { Db, Tx } from "../db/client.server.ts";
import { employer } from "../db/schema/jobs.ts";
import { type PostingInput, postingSchema } from "./posting-schema.ts";
import { insertPostings } from "./seed.server.ts";

let serial = 0;

/** A valid posting for tests (checked by postingSchema); give only what the test is about. */
export function fixturePosting(overrides: Partial<PostingInput> = {}): PostingInput {
  serial += 1;
  const postedAt = overrides.postedAt ?? new Date(Date.now() - 3_600_000);
  return {
    reference: `TEST-${serial}`,
    title: { "en-CA": `Test role ${serial}`, "fr-CA": `Poste d’essai ${serial}` },
    company: "Fixture Works",
    companyLogo: "/images/jobs/logos/northwind.svg",
    city: "Winnipeg",
    province: "MB",
    postalCode: "R3C 4T3",
    workSetting: "onsite",
    employerType: "direct",
    employmentType: "full_time",
    pay: { minCents: 25_00, maxCents: 30_00, period: "hour" },
    overview: { "en-CA": "A role for tests.", "fr-CA": "Un poste pour les essais." },
    skills: { "en-CA": ["Testing"], "fr-CA": ["Essais"] },
    description: { "en-CA": "You test.", "fr-CA": "Vous testez." },
    contactEmail: "hiring@fixture.example",
    contactLocale: "en-CA",
    postedAt,
    updatedAt: postedAt,
    closesAt: new Date(postedAt.getTime() + 30 * 24 * 3_600_000),
    ...overrides,
  };
}

/** Stores postings as the seed does, after postingSchema; returns their ids in order. */
export function insertFixtures(db: Db | Tx, postings: PostingInput[]): Promise<number[]> {
  return insertPostings(
    db,
    postings.map((posting) => postingSchema.parse(posting)),
  );
}

/** An employer profile for tests, in Ontario, verified at `verifiedAt` (none: waiting); its id. */
export async function insertTestEmployer(
  db: Db | Tx,
  name: string,
  verifiedAt: Date | null = null,
): Promise<number> {
  const [row] = await db
    .insert(employer)
    .values({
      name,
      description: { "en-CA": `${name} hires.` },
      province: "ON",
      contactEmail: "hiring@example.test",
      verifiedAt,
    })
    .returning({ id: employer.id });
  if (!row) throw new Error("no employer inserted");
  return row.id;
}
