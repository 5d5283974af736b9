import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import { employer, employerMember } from "../../../db/schema/jobs.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import { createTestHost } from "../../../platform/test-host.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let member: string;
let other: string;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  member = await signUpVerified(request, database.db, {
    name: "Maya Chen",
    email: "maya@example.com",
    address: "10.6.0.1",
  });
  other = await signUpVerified(request, database.db, {
    name: "Omar Haddad",
    email: "omar@example.com",
    address: "10.6.0.2",
  });
  const [row] = await database.db
    .insert(employer)
    .values({
      name: "Maple Freight",
      description: { "en-CA": "We hire." },
      province: "ON",
      contactEmail: "hiring@example.test",
    })
    .returning({ id: employer.id });
  const [maya] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, "maya@example.com"));
  await database.db
    .insert(employerMember)
    .values({ employerId: row?.id ?? 0, userId: maya?.id ?? "", via: "founder" });
});

afterAll(() => database.close());

const page = async (path: string, cookie: string) =>
  (await request(path, { headers: { cookie } })).text();

test("a member of an employer has 'Your employers' in the header, in both languages", async () => {
  expect(await page("/jobs", member)).toMatch(/<a[^>]*href="\/employers"[^>]*>Your employers<\/a>/);
  expect(await page("/fr/jobs", member)).toMatch(
    /<a[^>]*href="\/fr\/employers"[^>]*>Vos employeurs<\/a>/,
  );
});

test("a player who is no employer's member, and a visitor, do not", async () => {
  // (The text is in the page's messages either way; the link is not.)
  expect(await page("/jobs", other)).not.toMatch(/>Your employers<\/a>/);
  expect(await page("/jobs", "")).not.toMatch(/>Your employers<\/a>/);
});
