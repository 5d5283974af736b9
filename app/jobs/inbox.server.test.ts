import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import {
  type ApplicationStatus,
  employer,
  employerMember,
  job,
  jobApplication,
} from "../db/schema/jobs.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import { applicationMoveSchema } from "./application-status.ts";
import type { EmployerActor } from "./employers.server.ts";
import {
  applicationByLink,
  moveApplication,
  openApplicationCv,
  playerApplications,
  postingApplications,
  postingResponseRate,
  remindUndecidedInterviews,
  statusLink,
  withdrawApplication,
} from "./inbox.server.ts";
import { searchJobs } from "./jobs.server.ts";
import { fixturePosting, insertFixtures, insertTestEmployer } from "./test-fixtures.server.ts";

// Applications followed to the end (issue 27): the status moves and their 409s, two members at
// once, the CV's opening, the applicant's side, the 45-day reminder and the response rate.

let database: DatabaseHandle;
let employerId: number;
let otherEmployerId: number;
let jobId: number;
let otherJobId: number;
const LINKS = { baseUrl: "http://localhost", secret: "test-secret-test-secret-test-secret-1234" };
const NOW = new Date("2026-11-27T15:00:00Z");
const DAY = 24 * 3_600_000;

const actor = (id: string, employer = employerId): EmployerActor => ({
  id,
  role: "employer",
  employerId: employer,
  clientAddress: null,
});

async function insertPlayer(id: string, locale: "en-CA" | "fr-CA" = "en-CA") {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age, locale, email_verified) values (${id}, ${id}, ${`${id}@example.test`}, ${id}, 30, ${locale}, true)`,
  );
}

async function insertEmployer(name: string, members: string[]) {
  const id = await insertTestEmployer(database.db, name, NOW);
  for (const userId of members) {
    await insertPlayer(userId, userId.endsWith("-fr") ? "fr-CA" : "en-CA");
    await database.db.insert(employerMember).values({ employerId: id, userId, via: "founder" });
  }
  return id;
}

let serial = 0;
async function apply(
  posting = jobId,
  overrides: Partial<typeof jobApplication.$inferInsert> = {},
): Promise<number> {
  serial += 1;
  const email = `applicant${serial}@example.test`;
  const [row] = await database.db
    .insert(jobApplication)
    .values({
      jobId: posting,
      fullName: `Applicant ${serial}`,
      email,
      emailKey: email,
      contactNo: "+15145550123",
      summary: "Hello",
      cvName: `cv-${serial}.pdf`,
      cvFilename: `CV - Applicant ${serial}.pdf`,
      cvBytes: 1000,
      locale: "fr-CA",
      ...overrides,
    })
    .returning({ id: jobApplication.id });
  return row?.id ?? 0;
}

const statusOf = async (id: number) =>
  (await database.db.select().from(jobApplication).where(eq(jobApplication.id, id)))[0];

const move = (
  id: number,
  status: string,
  extra: Record<string, string> = {},
  who = actor("ann"),
  now = NOW,
) =>
  moveApplication(
    database.db,
    who,
    id,
    applicationMoveSchema.parse({ status, ...extra }),
    LINKS,
    now,
  );

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const mailsTo = (to: string) =>
  database.db.select().from(outboxEmail).where(eq(outboxEmail.to, to)).orderBy(outboxEmail.id);

beforeAll(async () => {
  database = await createTestDatabase();
  employerId = await insertEmployer("Maple Freight", ["ann", "bob-fr"]);
  otherEmployerId = await insertEmployer("Other Co", ["olga"]);
  [jobId = 0, otherJobId = 0] = await insertFixtures(database.db, [
    fixturePosting(),
    fixturePosting(),
  ]);
  await database.db.update(job).set({ employerId }).where(eq(job.id, jobId));
  await database.db.update(job).set({ employerId: otherEmployerId }).where(eq(job.id, otherJobId));
});

afterAll(() => database?.close());

describe("status moves", () => {
  test("the whole way to hired: each move stored, audited and e-mailed in the applicant's language", async () => {
    const id = await apply();
    const steps: [ApplicationStatus, Record<string, string>][] = [
      ["under_review", {}],
      ["interviewing", { interviewAt: "2026-12-03T14:30" }],
      ["interviewing", { interviewAt: "2026-12-10T10:00:00-05:00" }],
      ["offer", {}],
      ["hired", {}],
    ];
    for (const [status, extra] of steps) expect(await move(id, status, extra)).toBe(status);
    const row = await statusOf(id);
    expect(row?.status).toBe("hired");
    expect(row?.answeredAt).toEqual(NOW);
    // The form's time without an offset is Eastern time (UTC−5 in December).
    expect(row?.interviewAt).toEqual([
      new Date("2026-12-03T19:30:00Z"),
      new Date("2026-12-10T15:00:00Z"),
    ]);
    const audits = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "application.status"), eq(auditEvent.targetId, String(id))));
    expect(audits.map((audit) => (audit.after as { status: string }).status)).toEqual(
      steps.map(([status]) => status),
    );
    expect(audits.every((audit) => audit.actorRole === "employer")).toBe(true);
    const mails = await mailsTo(row?.email ?? "");
    expect(mails).toHaveLength(5);
    expect(mails[1]?.text).toContain("Entrevue\u202f: 3 déc. 2026");
    expect(mails[4]?.subject).toContain("Embauche");
    expect(mails[4]?.text).toContain(statusLink(id, "fr-CA", LINKS));
  });

  test("not selected from any step before a decision", async () => {
    const interview = { interviewAt: "2026-12-03T14:30" };
    for (const path of [[], ["under_review"], ["interviewing"], ["interviewing", "offer"]]) {
      const id = await apply();
      for (const status of path) await move(id, status, interview);
      expect(await move(id, "not_selected")).toBe("not_selected");
    }
  });

  test("a move the table does not allow is a 409 and changes nothing", async () => {
    const id = await apply();
    for (const status of ["offer", "hired"]) {
      const error = await failure(move(id, status));
      expect(error.code).toBe("conflict");
    }
    await move(id, "not_selected");
    for (const status of ["under_review", "interviewing", "offer", "hired", "not_selected"]) {
      const extra: Record<string, string> =
        status === "interviewing" ? { interviewAt: "2026-12-03T14:30" } : {};
      expect((await failure(move(id, status, extra))).code).toBe("conflict");
    }
    expect((await statusOf(id))?.status).toBe("not_selected");
    expect(await mailsTo((await statusOf(id))?.email ?? "")).toHaveLength(1);
  });

  test("interviewing needs its date-time", () => {
    const parsed = applicationMoveSchema.safeParse({ status: "interviewing" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["interviewAt"]);
    expect(applicationMoveSchema.safeParse({ status: "withdrawn" }).success).toBe(false);
  });

  test("two members moving at once: one succeeds, the other's 409 names who acted first", async () => {
    const id = await apply();
    const results = await Promise.allSettled([
      move(id, "under_review", { from: "received" }, actor("ann")),
      move(id, "not_selected", { from: "received" }, actor("bob-fr")),
    ]);
    const done = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result] : []));
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const error = refused[0]?.reason;
    expect(isAppError(error) && error.code).toBe("already_handled");
  });

  test("a form sent from a page showing an older status is the 409 naming who moved it", async () => {
    const id = await apply();
    await move(id, "under_review", {}, actor("ann"));
    const error = await failure(move(id, "not_selected", { from: "received" }, actor("bob-fr")));
    expect(error.code).toBe("already_handled");
    expect(error.options.values?.name).toBe("ann");
  });

  test("another employer's member gets the 404", async () => {
    const id = await apply();
    const error = await failure(move(id, "under_review", {}, actor("olga", otherEmployerId)));
    expect(error.code).toBe("not_found");
    expect((await statusOf(id))?.status).toBe("received");
  });
});

describe("the CV", () => {
  test("opens for the employer's members, audited; the 404 for another employer", async () => {
    const id = await apply();
    expect(await openApplicationCv(database.db, actor("ann"), jobId, id)).toEqual({
      name: `cv-${serial}.pdf`,
      filename: `CV - Applicant ${serial}.pdf`,
    });
    const opened = await database.db
      .select()
      .from(auditEvent)
      .where(
        and(eq(auditEvent.action, "application.cv_open"), eq(auditEvent.targetId, String(id))),
      );
    expect(opened).toHaveLength(1);
    expect(opened[0]?.actorId).toBe("ann");
    const error = await failure(
      openApplicationCv(database.db, actor("olga", otherEmployerId), jobId, id),
    );
    expect(error.code).toBe("not_found");
    // Another of the employer's postings in the address: not this application's.
    expect((await failure(openApplicationCv(database.db, actor("ann"), otherJobId, id))).code).toBe(
      "not_found",
    );
  });
});

describe("the applicant's side", () => {
  test("a player's applications: signed in, and by their confirmed address", async () => {
    await insertPlayer("pat");
    const signedIn = await apply(jobId, { userId: "pat" });
    const byAddress = await apply(otherJobId, {
      email: "Pat@example.test",
      emailKey: "pat@example.test",
    });
    const mine = await playerApplications(database.db, {
      id: "pat",
      email: "pat@example.test",
      emailVerified: true,
    });
    expect(mine.map((row) => row.id).sort()).toEqual([signedIn, byAddress].sort());
    const unconfirmed = await playerApplications(database.db, {
      id: "pat",
      email: "pat@example.test",
      emailVerified: false,
    });
    expect(unconfirmed.map((row) => row.id)).toEqual([signedIn]);
  });

  test("the status link opens its one application; a forged one is the 404", async () => {
    const id = await apply();
    const token = statusLink(id, "en-CA", LINKS).split("/").at(-1) ?? "";
    const [row] = await applicationByLink(database.db, token, LINKS.secret);
    expect(row?.id).toBe(id);
    const forged = `${id + 1}.${token.split(".")[1]}`;
    expect((await failure(applicationByLink(database.db, forged, LINKS.secret))).code).toBe(
      "not_found",
    );
  });

  test("withdrawing: the employer sees it withdrawn; not after a decision, not someone else's", async () => {
    const id = await apply();
    await move(id, "interviewing", { interviewAt: "2026-12-03T14:30" });
    await withdrawApplication(database.db, id, [id]);
    const { applications } = await postingApplications(database.db, employerId, jobId, NOW);
    expect(applications.find((row) => row.id === id)?.status).toBe("withdrawn");
    expect((await failure(withdrawApplication(database.db, id, [id]))).code).toBe("conflict");
    expect((await failure(move(id, "offer"))).code).toBe("conflict");
    const decided = await apply();
    await move(decided, "not_selected");
    expect((await failure(withdrawApplication(database.db, decided, [decided]))).code).toBe(
      "conflict",
    );
    const other = await apply();
    expect((await failure(withdrawApplication(database.db, other, [id]))).code).toBe("not_found");
  });
});

describe("the 45-day rule", () => {
  test("35 days after the last interview each member is reminded once; at 45 the inbox says overdue", async () => {
    const interview = new Date("2026-06-01T14:00:00Z");
    const id = await apply();
    await move(id, "interviewing", { interviewAt: interview.toISOString() });
    const at = (days: number) => new Date(interview.getTime() + days * DAY);
    const reminders = async () =>
      (await database.db.select().from(outboxEmail)).filter(
        (mail) =>
          mail.text.includes(`Applicant ${serial}`) &&
          mail.to !== `applicant${serial}@example.test`,
      );
    expect(await remindUndecidedInterviews(database.db, LINKS, at(34))).toBe(0);
    expect(await reminders()).toHaveLength(0);
    expect(await remindUndecidedInterviews(database.db, LINKS, at(35))).toBe(1);
    expect(await remindUndecidedInterviews(database.db, LINKS, at(36))).toBe(0);
    const mails = await reminders();
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      "ann@example.test",
      "bob-fr@example.test",
    ]);
    expect(mails.find((mail) => mail.to === "bob-fr@example.test")?.subject).toContain("Dites à");
    const overdue = async (days: number) =>
      (await postingApplications(database.db, employerId, jobId, at(days))).applications.find(
        (row) => row.id === id,
      )?.overdue;
    expect(await overdue(44)).toBe(false);
    expect(await overdue(45)).toBe(true);
    await move(id, "offer", {}, actor("ann"), at(46));
    expect(await overdue(46)).toBe(false);
  });
});

describe("the response rate", () => {
  test("shown from 10 counted applications of a verified employer, rounded down", async () => {
    const rated = await insertEmployer("Rated Co", ["rita"]);
    const [posting = 0] = await insertFixtures(database.db, [fixturePosting()]);
    await database.db.update(job).set({ employerId: rated }).where(eq(job.id, posting));
    const received = new Date(NOW.getTime() - 30 * DAY);
    for (let index = 0; index < 9; index += 1) {
      const id = await apply(posting, { createdAt: received });
      await move(id, "under_review", {}, actor("rita", rated), new Date(received.getTime() + DAY));
    }
    expect(await postingResponseRate(database.db, posting, NOW)).toBeUndefined();
    // Never answered, received 30 days ago: counted, not in time. 9 of 10 is 90%.
    await apply(posting, { createdAt: received });
    expect(await postingResponseRate(database.db, posting, NOW)).toBe(90);
    // Withdrawn before an answer, and received yesterday: neither counted.
    await apply(posting, { createdAt: received, status: "withdrawn" });
    await apply(posting, { createdAt: new Date(NOW.getTime() - DAY) });
    expect(await postingResponseRate(database.db, posting, NOW)).toBe(90);
    await database.db.update(employer).set({ verifiedAt: null }).where(eq(employer.id, rated));
    expect(await postingResponseRate(database.db, posting, NOW)).toBeUndefined();
  });

  test("search's cards carry it where it shows: a rated employer's card, not one under 10 applications", async () => {
    const rated = await insertEmployer("Carded Co", ["cara"]);
    const young = await insertEmployer("Young Co", ["yves"]);
    const titled = (en: string) => ({ "en-CA": `Quillwright ${en}`, "fr-CA": `Quillwright ${en}` });
    const [ratedPosting = 0, youngPosting = 0, seedPosting = 0] = await insertFixtures(
      database.db,
      [
        fixturePosting({ title: titled("rated") }),
        fixturePosting({ title: titled("young") }),
        fixturePosting({ title: titled("seed") }),
      ],
    );
    await database.db.update(job).set({ employerId: rated }).where(eq(job.id, ratedPosting));
    await database.db.update(job).set({ employerId: young }).where(eq(job.id, youngPosting));
    const received = new Date(NOW.getTime() - 30 * DAY);
    const answeredNextDay = async (posting: number, who: EmployerActor) => {
      const id = await apply(posting, { createdAt: received });
      await move(id, "under_review", {}, who, new Date(received.getTime() + DAY));
    };
    // 8 of 10 answered within 14 days: 80%. Young Co answered all 9 of its own: too few to show.
    for (let index = 0; index < 8; index += 1)
      await answeredNextDay(ratedPosting, actor("cara", rated));
    for (let index = 0; index < 2; index += 1) await apply(ratedPosting, { createdAt: received });
    for (let index = 0; index < 9; index += 1)
      await answeredNextDay(youngPosting, actor("yves", young));

    const { items } = await searchJobs(
      database.db,
      { keywords: ["quillwright"], location: [], employerTypes: [], workSettings: [] },
      1,
    );
    const rateOf = (id: number) => items.find((item) => item.id === id);
    expect(rateOf(ratedPosting)?.responseRate).toBe(80);
    expect(rateOf(youngPosting)).toBeDefined();
    expect(rateOf(youngPosting)).not.toHaveProperty("responseRate");
    expect(rateOf(seedPosting)).not.toHaveProperty("responseRate");
    // The posting's own page reads the same figure.
    expect(await postingResponseRate(database.db, ratedPosting, NOW)).toBe(80);
  });
});
