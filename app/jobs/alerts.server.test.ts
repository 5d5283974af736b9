import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { jobAlert } from "../db/schema/jobs.ts";
import { outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { createMailWorker, type OutgoingMessage } from "../platform/mail-worker.server.ts";
import { createLocalStorage } from "../platform/storage.server.ts";
import {
  confirmAlert,
  createAlert,
  findAlert,
  sendAlertDigests,
  unsubscribeAlert,
} from "./alerts.server.ts";
import { fixturePosting, insertFixtures } from "./test-fixtures.server.ts";

let database: DatabaseHandle;
const BASE = "https://nearby.example";
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`truncate job, job_alert, outbox_email cascade`);
});

const filters = { keywords: "nurse", location: "", employerTypes: [], workSettings: ["onsite"] };
const mail = () => database.db.select().from(outboxEmail).orderBy(outboxEmail.id);
const tokenOf = async () => (await database.db.select().from(jobAlert))[0]?.token as string;

const nurse = (title: string, postedAt: Date, extra = {}) =>
  fixturePosting({
    title: { "en-CA": title, "fr-CA": title },
    postedAt,
    updatedAt: postedAt,
    closesAt: new Date(postedAt.getTime() + 30 * 24 * HOUR),
    ...extra,
  });

test("nothing but the confirmation is sent before the address is confirmed (CASL)", async () => {
  const now = new Date();
  await createAlert(database.db, {
    email: "Sam@Example.com",
    locale: "fr-CA",
    filters,
    baseUrl: BASE,
  });
  const token = await tokenOf();
  const [confirmation] = await mail();
  expect(confirmation).toMatchObject({
    to: "sam@example.com",
    subject: "Confirmez votre alerte emploi Nearby",
  });
  expect(confirmation?.text).toContain(`${BASE}/fr/jobs/alerts/confirm?token=${token}`);
  expect(confirmation?.text).toContain("Mots-clés\u00a0: nurse");

  await insertFixtures(database.db, [nurse("Registered Nurse", new Date(now.getTime() - HOUR))]);
  expect(await sendAlertDigests(database.db, { baseUrl: BASE })).toEqual({ alerts: 0, mailed: 0 });
  expect(await mail()).toHaveLength(1);
});

test("a confirmed alert gets the new matching postings since its last mail, then only newer ones", async () => {
  const confirmedAt = new Date(Date.now() - 10 * HOUR);
  await createAlert(database.db, {
    email: "sam@example.com",
    locale: "en-CA",
    filters,
    baseUrl: BASE,
  });
  const token = await tokenOf();
  expect(await confirmAlert(database.db, token, confirmedAt)).toBe(true);
  expect(await findAlert(database.db, token)).toMatchObject({ confirmed: true });
  await database.db.execute(sql`truncate outbox_email`);

  await insertFixtures(database.db, [
    nurse("Nurse from before", new Date(confirmedAt.getTime() - HOUR)),
    nurse("Night Nurse", new Date(confirmedAt.getTime() + HOUR)),
    nurse("Remote Nurse", new Date(confirmedAt.getTime() + HOUR), { workSetting: "remote" }),
    nurse("Welder", new Date(confirmedAt.getTime() + HOUR)),
    nurse("Closed Nurse", new Date(confirmedAt.getTime() + HOUR), { open: false }),
  ]);
  const now = new Date();
  expect(await sendAlertDigests(database.db, { baseUrl: BASE, now })).toEqual({
    alerts: 1,
    mailed: 1,
  });
  const [digest] = await mail();
  expect(digest?.subject).toBe("1 new job for your alert");
  expect(digest?.text).toContain("Night Nurse");
  expect(digest?.text).not.toMatch(/before|Remote|Welder|Closed/);
  expect(digest?.text).toContain(`${BASE}/jobs?keywords=nurse&workSetting=onsite`);
  expect(digest?.text).toContain(`${BASE}/jobs/alerts/unsubscribe?token=${token}`);
  expect(digest?.headers).toEqual({
    "List-Unsubscribe": `<${BASE}/jobs/alerts/unsubscribe?token=${token}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });

  expect(await sendAlertDigests(database.db, { baseUrl: BASE, now })).toEqual({
    alerts: 1,
    mailed: 0,
  });
  await insertFixtures(database.db, [nurse("Day Nurse", new Date(now.getTime() + 1000))]);
  const later = new Date(now.getTime() + HOUR);
  expect(await sendAlertDigests(database.db, { baseUrl: BASE, now: later })).toEqual({
    alerts: 1,
    mailed: 1,
  });
  const last = (await mail()).at(-1);
  expect(last?.text).toContain("Day Nurse");
  expect(last?.text).not.toContain("Night Nurse");
});

test("unsubscribing is one step, and no mail follows", async () => {
  await createAlert(database.db, {
    email: "sam@example.com",
    locale: "en-CA",
    filters,
    baseUrl: BASE,
  });
  const token = await tokenOf();
  await confirmAlert(database.db, token, new Date(Date.now() - HOUR));
  await insertFixtures(database.db, [nurse("Nurse", new Date(Date.now() - 60_000))]);
  expect(await unsubscribeAlert(database.db, token)).toBe(true);
  expect(await unsubscribeAlert(database.db, token)).toBe(false);
  expect(await sendAlertDigests(database.db, { baseUrl: BASE })).toEqual({ alerts: 0, mailed: 0 });
});

test("the same confirmed alert is not made twice; unconfirmed ones expire after a week", async () => {
  await createAlert(database.db, {
    email: "sam@example.com",
    locale: "en-CA",
    filters,
    baseUrl: BASE,
  });
  await confirmAlert(database.db, await tokenOf());
  await createAlert(database.db, {
    email: "SAM@example.com",
    locale: "en-CA",
    filters,
    baseUrl: BASE,
  });
  expect(await database.db.select().from(jobAlert)).toHaveLength(1);
  expect(await mail()).toHaveLength(1);

  await createAlert(database.db, {
    email: "old@example.com",
    locale: "en-CA",
    filters,
    baseUrl: BASE,
  });
  await database.db.execute(
    sql`update job_alert set created_at = now() - interval '8 days' where email = 'old@example.com'`,
  );
  await sendAlertDigests(database.db, { baseUrl: BASE });
  expect((await database.db.select().from(jobAlert)).map((alert) => alert.email)).toEqual([
    "sam@example.com",
  ]);
});

test("the alert's mails, as sent, name the sender by postal address too (CASL)", async () => {
  const address = "Nearby Inc., 1 Rue Sainte-Catherine, Montréal QC H2X 1Z4";
  const confirmedAt = new Date(Date.now() - 10 * HOUR);
  await createAlert(database.db, {
    email: "sam@example.com",
    locale: "fr-CA",
    filters,
    baseUrl: BASE,
  });
  await confirmAlert(database.db, await tokenOf(), confirmedAt);
  await insertFixtures(database.db, [nurse("Night Nurse", new Date(confirmedAt.getTime() + HOUR))]);
  await sendAlertDigests(database.db, { baseUrl: BASE });

  const sent: OutgoingMessage[] = [];
  const worker = createMailWorker({
    db: database.db,
    from: "Nearby <no-reply@nearby.example>",
    postalAddress: address,
    storage: createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "alert-mail-"))),
    deliver: async (message) => {
      sent.push(message);
    },
    log: () => {},
  });
  expect(await worker.sendDue()).toEqual({ sent: 2, retried: 0, failed: 0 });
  expect(sent.map((message) => message.subject)).toEqual([
    "Confirmez votre alerte emploi Nearby",
    "1 nouvel emploi pour votre alerte",
  ]);
  for (const message of sent) {
    expect(message.text.endsWith(`\n\n${address}`)).toBe(true);
    expect(message.html).toMatch(new RegExp(`<p[^>]*>${address}</p>\\n</body></html>$`));
  }
});
