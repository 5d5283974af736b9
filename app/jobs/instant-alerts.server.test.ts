import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { jobAlert, jobAlertSent } from "../db/schema/jobs.ts";
import { outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { confirmAlert, createAlert, sendAlertDigests, sendInstantAlerts } from "./alerts.server.ts";
import type { EmployerActor } from "./employers.server.ts";
import { employerPostingSchema } from "./posting-schema.ts";
import { closePosting, createPosting, publishPosting } from "./postings.server.ts";
import { decideHeldPosting } from "./staff.server.ts";
import { employerPostingFixture, insertEmployerActor } from "./test-fixtures.server.ts";

let database: DatabaseHandle;
const BASE = "https://nearby.example";
const NOW = new Date("2026-11-27T15:00:00Z");
const MINUTE = 60_000;
let verified: EmployerActor;
let unverified: EmployerActor;

const nursePosting = (title: string) =>
  employerPostingSchema.parse(
    employerPostingFixture({
      title: { "en-CA": title, "fr-CA": title },
      city: "Halifax",
      province: "NS",
      postalCode: "B3H 1V7",
      aiScreening: null,
      existingVacancy: null,
    }),
  );

async function subscribe(email: string, frequency: "daily" | "instant") {
  await createAlert(database.db, {
    email,
    locale: "en-CA",
    filters: { keywords: "nurse", location: "", employerTypes: [], workSettings: [] },
    frequency,
    baseUrl: BASE,
  });
  const [alert] = await database.db
    .select({ token: jobAlert.token })
    .from(jobAlert)
    .where(sql`${jobAlert.email} = ${email}`);
  await confirmAlert(database.db, alert?.token ?? "", new Date(NOW.getTime() - 60 * MINUTE));
}

/** The alert mails in the outbox (not the confirmations), as address and subject. */
const alertMails = async () =>
  (await database.db.select().from(outboxEmail).orderBy(outboxEmail.id))
    .filter((mail) => mail.subject.includes("for your alert"))
    .map((mail) => [mail.to, mail.subject, mail.text.includes("Night Nurse")]);

beforeAll(async () => {
  database = await createTestDatabase();
  verified = await insertEmployerActor(database.db, {
    name: "Harbour Health",
    province: "NS",
    verifiedAt: NOW,
  });
  unverified = await insertEmployerActor(database.db, {
    name: "New Clinic",
    province: "NS",
    verifiedAt: null,
  });
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`truncate job, job_alert, job_alert_sent, outbox_email cascade`);
});

test("an alert asked for at once mails a posting once it is published, once only, even when reposted", async () => {
  await subscribe("instant@example.com", "instant");
  await subscribe("daily@example.com", "daily");
  const id = await createPosting(database.db, verified, nursePosting("Night Nurse"), NOW);
  // A draft is no news.
  expect(await sendInstantAlerts(database.db, { baseUrl: BASE, now: NOW })).toEqual({
    alerts: 1,
    mailed: 0,
  });
  await publishPosting(database.db, verified, id, NOW);
  const later = new Date(NOW.getTime() + MINUTE);
  expect(await sendInstantAlerts(database.db, { baseUrl: BASE, now: later })).toEqual({
    alerts: 1,
    mailed: 1,
  });
  expect(await alertMails()).toEqual([["instant@example.com", "1 new job for your alert", true]]);
  expect(await database.db.select({ jobId: jobAlertSent.jobId }).from(jobAlertSent)).toEqual([
    { jobId: id },
  ]);

  // Run again, and after a repost: nothing more for that posting.
  await sendInstantAlerts(database.db, { baseUrl: BASE, now: later });
  await closePosting(database.db, verified, id, later);
  await publishPosting(database.db, verified, id, later, "2026-12-24");
  await sendInstantAlerts(database.db, { baseUrl: BASE, now: new Date(later.getTime() + MINUTE) });
  expect(await alertMails()).toHaveLength(1);

  // The daily digest mails the daily alert only.
  const tomorrow = new Date(NOW.getTime() + 24 * 60 * MINUTE);
  expect(await sendAlertDigests(database.db, { baseUrl: BASE, now: tomorrow })).toEqual({
    alerts: 1,
    mailed: 1,
  });
  expect((await alertMails()).map(([to]) => to)).toEqual([
    "instant@example.com",
    "daily@example.com",
  ]);
});

test("a held posting reaches 'at once' alerts when staff approve it, not before", async () => {
  await subscribe("instant@example.com", "instant");
  const id = await createPosting(database.db, unverified, nursePosting("Night Nurse"), NOW);
  expect(await publishPosting(database.db, unverified, id, NOW)).toBe("held");
  await sendInstantAlerts(database.db, { baseUrl: BASE, now: NOW });
  expect(await alertMails()).toEqual([]);
  await database.db.transaction((tx) =>
    decideHeldPosting(tx, id, { to: "published" }, { baseUrl: BASE, now: NOW }),
  );
  await sendInstantAlerts(database.db, { baseUrl: BASE, now: new Date(NOW.getTime() + MINUTE) });
  expect(await alertMails()).toEqual([["instant@example.com", "1 new job for your alert", true]]);
});

// (No alert is ever made for a child's address: the form's rule, tested in jobs.test.ts.)
test("an 'at once' alert never confirmed gets nothing (CASL)", async () => {
  await createAlert(database.db, {
    email: "unconfirmed@example.com",
    locale: "en-CA",
    filters: { keywords: "nurse", location: "", employerTypes: [], workSettings: [] },
    frequency: "instant",
    baseUrl: BASE,
  });
  const id = await createPosting(database.db, verified, nursePosting("Night Nurse"), NOW);
  await publishPosting(database.db, verified, id, NOW);
  expect(await sendInstantAlerts(database.db, { baseUrl: BASE, now: NOW })).toEqual({
    alerts: 0,
    mailed: 0,
  });
});
