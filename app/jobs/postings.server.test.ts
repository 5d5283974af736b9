import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { employer, employerMember, job, jobWordPosting } from "../db/schema/jobs.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { AppError, isAppError } from "../platform/errors.ts";
import { validate } from "../platform/input.server.ts";
import type { EmployerActor } from "./employers.server.ts";
import { getJob, searchJobs } from "./jobs.server.ts";
import {
  type EmployerPosting,
  employerPostingSchema,
  postingFormSchema,
} from "./posting-schema.ts";
import {
  closeDuePostings,
  closePosting,
  createPosting,
  employerPosting,
  publishPosting,
  updatePosting,
} from "./postings.server.ts";
import {
  decideHeldPosting,
  heldPostings,
  heldPostingsCount,
  type PostingDecision,
} from "./staff.server.ts";
import { employerPostingFixture } from "./test-fixtures.server.ts";

let database: DatabaseHandle;
let verifiedId: number;
let unverifiedId: number;

const NOW = new Date("2026-11-27T15:00:00Z");
const BASE = "https://nearby.example";

async function insertEmployer(name: string, verified: boolean) {
  const [row] = await database.db
    .insert(employer)
    .values({
      name,
      description: { "en-CA": `${name} hires.` },
      province: "ON",
      contactEmail: "hiring@example.test",
      verifiedAt: verified ? NOW : null,
    })
    .returning({ id: employer.id });
  return row?.id ?? 0;
}

const actor = (employerId: number, id = `member-${employerId}`): EmployerActor => ({
  id,
  role: "employer",
  employerId,
  clientAddress: null,
});

/** An Ontario posting that meets every rule. */
function input(overrides: Partial<EmployerPosting> = {}): EmployerPosting {
  return employerPostingSchema.parse(employerPostingFixture(overrides));
}

async function problemsOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, problems: error.options.problems ?? [] };
}

const statusOf = async (id: number) =>
  (
    await database.db
      .select({ status: job.status, isOpen: job.isOpen })
      .from(job)
      .where(eq(job.id, id))
  )[0];

beforeAll(async () => {
  database = await createTestDatabase();
  verifiedId = await insertEmployer("Maple Freight", true);
  unverifiedId = await insertEmployer("New Co", false);
  for (const employerId of [verifiedId, unverifiedId]) {
    const userId = `member-${employerId}`;
    await database.db.execute(
      sql`insert into "user" (id, name, email, handle, age) values (${userId}, ${userId}, ${`${userId}@example.test`}, ${userId}, 30)`,
    );
    await database.db.insert(employerMember).values({ employerId, userId, via: "founder" });
  }
});

afterAll(() => database?.close());

describe("the pay rules, for an employer's posting", () => {
  const cases: [string, Partial<EmployerPosting>, string, string][] = [
    [
      "no pay",
      { pay: { minCents: 0, maxCents: 0, period: "year" } },
      "pay.minCents",
      "jobs.rules.payRequired",
    ],
    [
      "a reversed range",
      { pay: { minCents: 80_000_00, maxCents: 70_000_00, period: "year" } },
      "pay.maxCents",
      "jobs.rules.payRangeReversed",
    ],
    [
      "Ontario's spread",
      { pay: { minCents: 60_000_00, maxCents: 120_000_00, period: "year" } },
      "pay.maxCents",
      "jobs.rules.ontarioSpan",
    ],
    [
      "Ontario's AI statement",
      { aiScreening: null },
      "aiScreening",
      "jobs.rules.ontarioAiStatement",
    ],
    [
      "Ontario's vacancy statement",
      { existingVacancy: null },
      "existingVacancy",
      "jobs.rules.ontarioVacancyStatement",
    ],
    [
      "a closing date in the past",
      { closesOn: "2026-11-01" },
      "closesOn",
      "employer.jobs.problems.closesOn",
    ],
  ];
  for (const [name, overrides, field, message] of cases) {
    test(`${name} is refused with its message, and nothing is stored`, async () => {
      const before = await database.db.$count(job);
      expect(
        await problemsOf(createPosting(database.db, actor(verifiedId), input(overrides), NOW)),
      ).toEqual({
        code: "invalid_parameters",
        problems: [{ field, message }],
      });
      expect(await database.db.$count(job)).toBe(before);
    });
  }

  test("met: a wide range above $200,000 in Ontario, or any range in British Columbia", async () => {
    const wide = { minCents: 150_000_00, maxCents: 250_000_00, period: "year" as const };
    expect(
      await createPosting(database.db, actor(verifiedId), input({ pay: wide }), NOW),
    ).toBeGreaterThan(0);
    const bc = input({
      province: "BC",
      city: "Victoria",
      postalCode: "V8W 1P6",
      aiScreening: null,
      existingVacancy: null,
      pay: { minCents: 40_000_00, maxCents: 140_000_00, period: "year" },
    });
    expect(await createPosting(database.db, actor(verifiedId), bc, NOW)).toBeGreaterThan(0);
  });

  test("through the form: dollars as typed, the spread refused beside its field", async () => {
    const form = {
      "title.en-CA": "Clerk",
      "title.fr-CA": "Commis",
      "overview.en-CA": "Files.",
      "overview.fr-CA": "Dossiers.",
      "description.en-CA": "You file.",
      "description.fr-CA": "Vous classez.",
      "skills.en-CA": "Filing\n\nTyping",
      "skills.fr-CA": "Classement",
      city: "Ottawa",
      province: "ON",
      postalCode: "k1a0b1",
      workSetting: "hybrid",
      employerType: "direct",
      employmentType: "part_time",
      "pay.minCents": "40 000",
      "pay.maxCents": "95000",
      "pay.period": "year",
      aiScreening: "no",
      existingVacancy: "yes",
      contactEmail: "jobs@example.test",
      contactLocale: "fr-CA",
      closesOn: "2026-12-15",
    };
    const parsed = await validate(postingFormSchema, form);
    expect(parsed).toMatchObject({
      postalCode: "K1A 0B1",
      skills: { "en-CA": ["Filing", "Typing"] },
      pay: { minCents: 40_000_00 },
    });
    expect(
      (await problemsOf(createPosting(database.db, actor(verifiedId), parsed, NOW))).problems,
    ).toEqual([{ field: "pay.maxCents", message: "jobs.rules.ontarioSpan" }]);
    const fixed = await validate(postingFormSchema, { ...form, "pay.maxCents": "85000.50" });
    expect(await createPosting(database.db, actor(verifiedId), fixed, NOW)).toBeGreaterThan(0);
  });
});

describe("a posting's moves", () => {
  test("a verified employer's draft is published at once, found by search, with audit rows", async () => {
    const id = await createPosting(
      database.db,
      actor(verifiedId),
      input({ title: { "en-CA": "Zymurgist", "fr-CA": "Zymurgiste" } }),
      NOW,
    );
    expect(await statusOf(id)).toEqual({ status: "draft", isOpen: false });
    await expect(getJob(database.db, id, NOW)).rejects.toThrow(AppError);
    expect(await publishPosting(database.db, actor(verifiedId), id, NOW)).toBe("published");
    expect(await statusOf(id)).toEqual({ status: "published", isOpen: true });
    const found = await searchJobs(
      database.db,
      { keywords: ["zymurgist"], location: [], employerTypes: [], workSettings: [] },
      1,
      new Date(NOW.getTime() + 1000),
    );
    expect(found.items.map((item) => item.id)).toEqual([id]);
    const actions = await database.db
      .select({ action: auditEvent.action })
      .from(auditEvent)
      .where(eq(auditEvent.targetId, String(id)));
    expect(actions.map((row) => row.action)).toEqual(["job.create", "job.publish"]);
  });

  test("an unverified employer's posting is held, not public, not in the word postings", async () => {
    const id = await createPosting(database.db, actor(unverifiedId), input(), NOW);
    expect(await publishPosting(database.db, actor(unverifiedId), id, NOW)).toBe("held");
    expect(await statusOf(id)).toEqual({ status: "held", isOpen: false });
    await expect(getJob(database.db, id, NOW)).rejects.toThrow(AppError);
    expect(await database.db.$count(jobWordPosting, eq(jobWordPosting.jobId, id))).toBe(0);
  });

  test("edit keeps a published posting published and moves its words in the same change", async () => {
    const id = await createPosting(database.db, actor(verifiedId), input(), NOW);
    await publishPosting(database.db, actor(verifiedId), id, NOW);
    const renamed = input({ title: { "en-CA": "Quartermaster", "fr-CA": "Intendant" } });
    expect(await updatePosting(database.db, actor(verifiedId), id, renamed, NOW)).toBe("published");
    const words = await database.db
      .select({ word: jobWordPosting.word })
      .from(jobWordPosting)
      .where(eq(jobWordPosting.jobId, id));
    expect(words.map((row) => row.word)).toContain("quartermaster");
    expect(words.map((row) => row.word)).not.toContain("warehouse");
  });

  test("close, then repost with a new closing date; a move not allowed is the 409", async () => {
    const id = await createPosting(database.db, actor(verifiedId), input(), NOW);
    expect((await problemsOf(closePosting(database.db, actor(verifiedId), id, NOW))).code).toBe(
      "conflict",
    );
    await publishPosting(database.db, actor(verifiedId), id, NOW);
    expect((await problemsOf(publishPosting(database.db, actor(verifiedId), id, NOW))).code).toBe(
      "conflict",
    );
    expect(await closePosting(database.db, actor(verifiedId), id, NOW)).toBe("closed");
    expect(await statusOf(id)).toEqual({ status: "closed", isOpen: false });
    expect((await getJob(database.db, id, NOW)).open).toBe(false);
    expect(
      (await problemsOf(updatePosting(database.db, actor(verifiedId), id, input(), NOW))).code,
    ).toBe("conflict");
    expect(await publishPosting(database.db, actor(verifiedId), id, NOW, "2027-01-15")).toBe(
      "published",
    );
    expect((await employerPosting(database.db, verifiedId, id)).fields.closesOn).toBe("2027-01-15");
  });

  test("another employer's posting is the 404, for every move and for reading", async () => {
    const id = await createPosting(database.db, actor(verifiedId), input(), NOW);
    const stranger = actor(unverifiedId);
    for (const attempt of [
      () => publishPosting(database.db, stranger, id, NOW),
      () => closePosting(database.db, stranger, id, NOW),
      () => updatePosting(database.db, stranger, id, input(), NOW),
      () => employerPosting(database.db, unverifiedId, id),
    ]) {
      expect((await problemsOf(attempt())).code).toBe("not_found");
    }
  });
});

describe("staff decide a held posting", () => {
  // The console's staffWrite adds the role check and the audit rows (app/staff/write.server.ts).
  const decide = (id: number, decision: PostingDecision) =>
    database.db.transaction(
      async (tx) => (await decideHeldPosting(tx, id, decision, { baseUrl: BASE })).result,
    );
  const sentBack = (id: number) =>
    database.db
      .select({ reason: job.sentBackReason })
      .from(job)
      .where(eq(job.id, id))
      .then((rows) => rows[0]?.reason);

  test("approved: published and found; a second decision is the 409 naming who acted first", async () => {
    const id = await createPosting(database.db, actor(unverifiedId), input(), NOW);
    await publishPosting(database.db, actor(unverifiedId), id, NOW);
    const counted = await database.db.execute<{ n: number }>(sql`select ${heldPostingsCount} as n`);
    expect(counted.rows[0]?.n).toBeGreaterThanOrEqual(1);
    expect(
      (await heldPostings(database.db, { after: null, limit: 50 })).map((row) => row.id),
    ).toContain(id);
    expect(await decide(id, { to: "published" })).toEqual({ status: "published" });
    expect(await statusOf(id)).toEqual({ status: "published", isOpen: true });
    expect((await problemsOf(decide(id, { to: "draft", reason: "Too late." }))).code).toBe(
      "already_handled",
    );
  });

  test("sent back with a reason: in its employer's drafts, not public, its members told why; publishing again clears the reason", async () => {
    const id = await createPosting(
      database.db,
      actor(unverifiedId),
      input({ title: { "en-CA": "Dock hand", "fr-CA": "Débardeur" } }),
      NOW,
    );
    await publishPosting(database.db, actor(unverifiedId), id, NOW);
    const reason = "The company website does not mention this job.";
    const before = await database.db.$count(outboxEmail);
    expect(await decide(id, { to: "draft", reason })).toEqual({ status: "draft" });
    expect(await statusOf(id)).toEqual({ status: "draft", isOpen: false });
    expect(await sentBack(id)).toBe(reason);
    expect((await employerPosting(database.db, unverifiedId, id)).sentBackReason).toBe(reason);

    const mails = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, `member-${unverifiedId}@example.test`));
    const mail = mails.at(-1);
    expect(await database.db.$count(outboxEmail)).toBe(before + 1);
    expect(mail?.subject).toBe("Your posting “Dock hand” was sent back to your drafts");
    expect(mail?.text).toContain(`Why: ${reason}`);
    expect(mail?.text).toContain(`${BASE}/employers/${unverifiedId}/manage/jobs/${id}`);

    // Sent again, it waits for staff once more, without the old reason.
    expect(await publishPosting(database.db, actor(unverifiedId), id, NOW)).toBe("held");
    expect(await sentBack(id)).toBeNull();
  });
});

describe("closing by date", () => {
  test("the task closes published postings whose date has come, and only those", async () => {
    const due = await createPosting(
      database.db,
      actor(verifiedId),
      input({ closesOn: "2026-12-01" }),
      NOW,
    );
    const later = await createPosting(
      database.db,
      actor(verifiedId),
      input({ closesOn: "2026-12-10" }),
      NOW,
    );
    await publishPosting(database.db, actor(verifiedId), due, NOW);
    await publishPosting(database.db, actor(verifiedId), later, NOW);
    const clock = new Date("2026-12-02T12:00:00Z");
    expect(await closeDuePostings(database.db, clock)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(due)).toEqual({ status: "closed", isOpen: false });
    expect(await statusOf(later)).toEqual({ status: "published", isOpen: true });
  });
});

describe("screening questions", () => {
  test("are stored with the posting and come back in its form", async () => {
    const questions = [
      { kind: "yesNo" as const, text: { "en-CA": "Can you start in January?" } },
      { kind: "text" as const, text: { "en-CA": "Which forklift?", "fr-CA": "Quel chariot?" } },
    ];
    const id = await createPosting(database.db, actor(verifiedId), input({ questions }), NOW);
    expect((await employerPosting(database.db, verifiedId, id)).fields.questions).toEqual(
      questions,
    );
    await updatePosting(database.db, actor(verifiedId), id, input({ questions: [] }), NOW);
    expect((await employerPosting(database.db, verifiedId, id)).fields.questions).toEqual([]);
  });
});
