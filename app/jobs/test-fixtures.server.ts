import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { employer, employerMember } from "../db/schema/jobs.ts";
import type { EmployerActor } from "./employers.server.ts";
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

/**
 * An Ontario posting as an employer sends it (the form's and the API's shape) that meets every
 * rule; give only what the test is about.
 */
export function employerPostingFixture(overrides: Record<string, unknown> = {}) {
  return {
    title: { "en-CA": "Warehouse lead", "fr-CA": "Chef d’entrepôt" },
    overview: { "en-CA": "Lead a small team.", "fr-CA": "Diriger une petite équipe." },
    description: { "en-CA": "You lead the floor.", "fr-CA": "Vous dirigez l’entrepôt." },
    skills: { "en-CA": ["Forklift"], "fr-CA": ["Chariot élévateur"] },
    city: "Hamilton",
    province: "ON",
    postalCode: "L8P 4R5",
    workSetting: "onsite",
    employerType: "direct",
    employmentType: "full_time",
    pay: { minCents: 60_000_00, maxCents: 75_000_00, period: "year" },
    aiScreening: false,
    existingVacancy: true,
    contactEmail: "jobs@example.test",
    contactLocale: "en-CA",
    closesOn: "2026-12-20",
    ...overrides,
  };
}

/** An employer profile for tests, verified at `verifiedAt` (none: waiting); its id. */
export async function insertTestEmployer(
  db: Db | Tx,
  name: string,
  verifiedAt: Date | null = null,
  province = "ON",
): Promise<number> {
  const [row] = await db
    .insert(employer)
    .values({
      name,
      description: { "en-CA": `${name} hires.` },
      province,
      contactEmail: "hiring@example.test",
      verifiedAt,
    })
    .returning({ id: employer.id });
  if (!row) throw new Error("no employer inserted");
  return row.id;
}

/** An employer with one adult founder member; that member acting for it. */
export async function insertEmployerActor(
  db: Db,
  {
    name,
    province = "ON",
    verifiedAt,
  }: { name: string; province?: string; verifiedAt: Date | null },
): Promise<EmployerActor> {
  const employerId = await insertTestEmployer(db, name, verifiedAt, province);
  const userId = `member-${employerId}`;
  await db.execute(
    sql`insert into "user" (id, name, email, handle, age) values (${userId}, ${userId}, ${`${userId}@example.test`}, ${userId}, 30)`,
  );
  await db.insert(employerMember).values({ employerId, userId, via: "founder" });
  return { id: userId, role: "employer", employerId, clientAddress: null };
}
