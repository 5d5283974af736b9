import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import { employerMember, job, jobApplication } from "../../../db/schema/jobs.ts";
import { auditEvent, outboxEmail } from "../../../db/schema/platform.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import {
  fixturePosting,
  insertFixtures,
  insertTestEmployer,
} from "../../../jobs/test-fixtures.server.ts";
import { createLocalStorage } from "../../../platform/storage.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../../platform/test-host.server.ts";
import { testPdf } from "../../../platform/test-pdfs.ts";

// Applications through the built site (issue 27): the inbox page and its form, the CV's
// download for members and staff only, the applicant's pages and the applications API.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "inbox-")));
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let employerId = 0;
let otherEmployerId = 0;
let jobId = 0;
let address = 0;

async function player(name: string) {
  const email = `${name}@example.com`;
  address += 1;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name} Tester`,
    email,
    address: `10.42.0.${address}`,
    age: 30,
  });
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  ids[name] = row?.id as string;
  return ids[name];
}

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, {
    storage,
    clientIpHeader: "x-real-ip",
    maxBodyBytes: 8 * 1024 * 1024,
  });
  employerId = await insertTestEmployer(database.db, "Maple Works", new Date());
  otherEmployerId = await insertTestEmployer(database.db, "Other Co", new Date());
  [jobId = 0] = await insertFixtures(database.db, [
    fixturePosting({ title: { "en-CA": "Payroll Clerk", "fr-CA": "Commis à la paie" } }),
  ]);
  await database.db.update(job).set({ employerId }).where(eq(job.id, jobId));
  for (const name of ["member", "outsider", "applicant", "moderator"]) await player(name);
  await database.db.insert(employerMember).values([
    { employerId, userId: ids.member ?? "", via: "founder" },
    { employerId: otherEmployerId, userId: ids.outsider ?? "", via: "founder" },
  ]);
  await database.db
    .update(user)
    .set({ role: "moderator", twoFactorEnabled: true })
    .where(eq(user.id, ids.moderator ?? ""));
});

afterAll(() => database?.close());

const headersOf = (who: string | null, extra: Record<string, string> = {}) => ({
  origin: TEST_BASE_URL,
  cookie: who ? (cookies[who] ?? "") : "",
  ...extra,
});

const get = (who: string | null, address: string) =>
  request(address, { redirect: "manual", headers: headersOf(who) });

const post = (who: string | null, address: string, fields: Record<string, string>) =>
  request(address, {
    method: "POST",
    redirect: "manual",
    headers: headersOf(who, { "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams(fields).toString(),
  });

const patch = (who: string | null, id: number, body: unknown) =>
  request(`/api/employer/applications/${id}`, {
    method: "PATCH",
    headers: headersOf(who, { "content-type": "application/json" }),
    body: JSON.stringify(body),
  });

/** Applies through the API as `who` (signed in) or a visitor; the application's id. */
async function apply(who: string | null, email: string): Promise<number> {
  const form = new FormData();
  form.set("fullName", "Marie-Ève Tremblay");
  form.set("email", email);
  form.set("contactNo", "514 555 0123");
  form.set("resume", new Blob([new Uint8Array(testPdf())], { type: "application/pdf" }), "cv.pdf");
  address += 1;
  const response = await request(`/api/jobs/${jobId}/applications`, {
    method: "POST",
    headers: headersOf(who, { "x-real-ip": `10.43.0.${address}`, "accept-language": "fr-CA" }),
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const inbox = () => `/employers/${employerId}/manage/jobs/${jobId}/applications`;
const statusOf = async (id: number) =>
  (await database.db.select().from(jobApplication).where(eq(jobApplication.id, id)))[0]?.status;

describe("the inbox", () => {
  test("a member sees the applicant in both languages, moves them, and the applicant is e-mailed", async () => {
    const id = await apply("applicant", "applicant@example.com");
    for (const [address, words] of [
      [inbox(), ["Applications for Payroll Clerk", "Marie-Ève Tremblay", "Received"]],
      [`/fr${inbox()}`, ["Candidatures pour Commis à la paie", "Reçue"]],
    ] as const) {
      const response = await get("member", address);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
    }
    const posting = await (
      await get("member", `/employers/${employerId}/manage/jobs/${jobId}`)
    ).text();
    expect(posting).toContain("1 application");
    const moved = await post("member", inbox(), {
      application: String(id),
      from: "received",
      status: "interviewing",
      interviewAt: "2026-12-03T14:30",
    });
    expect(moved.status).toBe(302);
    expect(await statusOf(id)).toBe("interviewing");
    const page = await (await get("member", moved.headers.get("location") ?? "")).text();
    expect(page).toContain("Interviewing");
    expect(page).toContain("Dec 3, 2026");
    const mails = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "applicant@example.com"));
    expect(mails.map((mail) => mail.subject)).toContain(
      "Votre candidature pour Commis à la paie\u202f: Entrevues",
    );
    // Without an interview date: the message beside the field, nothing changed.
    const refused = await post("member", inbox(), {
      application: String(id),
      from: "interviewing",
      status: "interviewing",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Give the interview’s date and time.");
  });

  test("the inbox is the 404 for another employer's member and for a player", async () => {
    for (const who of ["outsider", "applicant", null])
      expect((await get(who, inbox())).status).toBe(404);
  });
});

describe("the CV", () => {
  test("a member and staff download it as an audited attachment; others get the 404", async () => {
    const id = await apply(null, "visitor@example.com");
    const address = `${inbox()}/${id}/cv`;
    for (const who of ["member", "moderator"]) {
      const response = await get(who, address);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="cv-/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(testPdf());
    }
    for (const who of ["outsider", "applicant", null])
      expect((await get(who, address)).status).toBe(404);
    const opened = await database.db
      .select({ actor: auditEvent.actorId, role: auditEvent.actorRole })
      .from(auditEvent)
      .where(
        and(eq(auditEvent.action, "application.cv_open"), eq(auditEvent.targetId, String(id))),
      );
    expect(opened).toEqual([
      { actor: ids.member, role: "employer" },
      { actor: ids.moderator, role: "moderator" },
    ]);
  });
});

describe("the applicant's side", () => {
  test("a player's page lists their application with its status, and withdraws it", async () => {
    const id = await apply("applicant", "other-address@example.com");
    const page = await get("applicant", "/fr/jobs/applications");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Vos candidatures");
    expect(html).toContain("Commis à la paie");
    const withdrawn = await post("applicant", "/jobs/applications", { application: String(id) });
    expect(withdrawn.status).toBe(302);
    expect(await statusOf(id)).toBe("withdrawn");
    expect(await (await get("member", inbox())).text()).toContain("Withdrawn");
    // Someone else's application is not theirs to withdraw.
    const theirs = await apply(null, "stranger@example.com");
    expect(
      (await post("applicant", "/jobs/applications", { application: String(theirs) })).status,
    ).toBe(404);
    expect((await get(null, "/jobs/applications")).status).toBe(302);
  });

  test("the confirmation e-mail's signed link opens the one application and withdraws it", async () => {
    const id = await apply(null, "linked@example.com");
    const [confirmation] = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "linked@example.com"));
    const link = confirmation?.text.match(/https?:\/\/\S+\/jobs\/applications\/\S+/)?.[0] ?? "";
    const address = new URL(link).pathname;
    expect(address).toMatch(/^\/fr\/jobs\/applications\/\d+\./);
    const page = await get(null, address);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Reçue");
    expect((await get(null, `${address}x`)).status).toBe(404);
    expect((await post(null, address, { application: String(id) })).status).toBe(302);
    expect(await statusOf(id)).toBe("withdrawn");
    const again = await post(null, address, { application: String(id) });
    expect(again.status).toBe(409);
  });
});

describe("the applications API", () => {
  test("GET lists a posting's applications for members and staff; others get the 404", async () => {
    const id = await apply(null, "api-list@example.com");
    for (const who of ["member", "moderator"]) {
      const response = await get(who, `/api/employer/jobs/${jobId}/applications`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { applications: { id: number; cvUrl: string }[] };
      expect(body.applications.find((row) => row.id === id)?.cvUrl).toBe(`${inbox()}/${id}/cv`);
    }
    for (const who of ["outsider", "applicant", null]) {
      const response = await get(who, `/api/employer/jobs/${jobId}/applications`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  test("PATCH moves with the form's rules: 200, 400 without a date, 409 for a move not allowed, 404 for others", async () => {
    const id = await apply(null, "api-move@example.com");
    const ok = await patch("member", id, { status: "under_review" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id, status: "under_review" });
    const noDate = await patch("member", id, { status: "interviewing" });
    expect(noDate.status).toBe(400);
    expect(
      ((await noDate.json()) as { error: { details: { field: string }[] } }).error.details[0]
        ?.field,
    ).toBe("interviewAt");
    const notAllowed = await patch("member", id, { status: "hired" });
    expect(notAllowed.status).toBe(409);
    const stale = await patch("moderator", id, { status: "not_selected", from: "received" });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe(
      "already_handled",
    );
    for (const who of ["outsider", "applicant", null])
      expect((await patch(who, id, { status: "not_selected" })).status).toBe(404);
    expect(await statusOf(id)).toBe("under_review");
  });
});

describe("the response rate", () => {
  test("a verified employer's job page shows it from 10 counted applications, in both languages", async () => {
    // The page's messages carry the sentence with its placeholder; only a number means it shows.
    expect(await (await get(null, `/jobs/${jobId}`)).text()).not.toMatch(/Answers \d+%/);
    const day = 24 * 3_600_000;
    const received = new Date(Date.now() - 30 * day);
    await database.db.insert(jobApplication).values(
      Array.from({ length: 10 }, (_, index) => ({
        jobId,
        fullName: `Rated ${index}`,
        email: `rated${index}@example.com`,
        emailKey: `rated${index}@example.com`,
        contactNo: "+15145550123",
        summary: "",
        cvName: "none.pdf",
        cvFilename: "CV.pdf",
        cvBytes: 1,
        locale: "en-CA",
        createdAt: received,
        status: "under_review" as const,
        answeredAt: new Date(received.getTime() + day),
      })),
    );
    expect(await (await get(null, `/jobs/${jobId}`)).text()).toMatch(
      /Answers \d+% of applicants within 14 days/,
    );
    expect(await (await get(null, `/fr/jobs/${jobId}`)).text()).toMatch(
      /Répond à \d+\u202f% des candidats en 14 jours/,
    );
  });
});
