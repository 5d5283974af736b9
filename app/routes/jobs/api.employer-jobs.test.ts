import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { employer, employerMember, job } from "../../db/schema/jobs.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import {
  employerPostingFixture,
  fixturePosting,
  insertFixtures,
} from "../../jobs/test-fixtures.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let member: string;
let stranger: string;
let verifiedId: number;
let unverifiedId: number;

async function insertEmployer(name: string, verified: boolean) {
  const [row] = await database.db
    .insert(employer)
    .values({
      name,
      description: { "en-CA": `${name} hires.` },
      province: "ON",
      contactEmail: "hiring@example.test",
      verifiedAt: verified ? new Date() : null,
    })
    .returning({ id: employer.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  member = await signUpVerified(request, database.db, {
    name: "Maya Chen",
    email: "maya@example.com",
    address: "10.5.0.1",
  });
  stranger = await signUpVerified(request, database.db, {
    name: "Omar Haddad",
    email: "omar@example.com",
    address: "10.5.0.2",
  });
  verifiedId = await insertEmployer("Maple Freight", true);
  unverifiedId = await insertEmployer("New Co", false);
  const [maya] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, "maya@example.com"));
  for (const employerId of [verifiedId, unverifiedId])
    await database.db
      .insert(employerMember)
      .values({ employerId, userId: maya?.id ?? "", via: "founder" });
});

afterAll(() => database.close());

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An Ontario posting that meets every rule, as the API takes it. */
const posting = (overrides: Record<string, unknown> = {}) =>
  employerPostingFixture({ closesOn: inDays(20), ...overrides });

const send = (cookie: string, method: string, path: string, body: unknown) =>
  request(path, {
    method,
    headers: {
      origin: TEST_BASE_URL,
      cookie,
      "content-type": "application/json",
      "accept-language": "en-CA",
    },
    body: JSON.stringify(body),
  });

const create = (body: unknown, cookie = member) => send(cookie, "POST", "/api/employer/jobs", body);
const patch = (id: number, body: unknown, cookie = member) =>
  send(cookie, "PATCH", `/api/employer/jobs/${id}`, body);

describe("POST /api/employer/jobs: the form's rules, each refused with its message", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      "no pay",
      { pay: { minCents: 0, maxCents: 0, period: "year" } },
      "pay.minCents",
      "A pay range is required.",
    ],
    [
      "a reversed range",
      { pay: { minCents: 80_000_00, maxCents: 70_000_00, period: "year" } },
      "pay.maxCents",
      "The maximum pay must be at least the minimum.",
    ],
    [
      "Ontario: a range wider than $50,000",
      { pay: { minCents: 60_000_00, maxCents: 120_000_00, period: "year" } },
      "pay.maxCents",
      "In Ontario, a pay range may span at most $50,000 unless its maximum is above $200,000 a year.",
    ],
    [
      "Ontario: no AI statement",
      { aiScreening: null },
      "aiScreening",
      "In Ontario, a posting says whether artificial intelligence screens applicants.",
    ],
    [
      "Ontario: no vacancy statement",
      { existingVacancy: null },
      "existingVacancy",
      "In Ontario, a posting says whether the vacancy exists now.",
    ],
  ];
  for (const [name, overrides, field, message] of cases) {
    test(`${name}: refused beside ${field}, nothing stored`, async () => {
      const before = await database.db.$count(job);
      const response = await create({ employerId: verifiedId, ...posting(overrides) });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("invalid_parameters");
      const detail = error.details.find((item: { field: string }) => item.field === field);
      expect(detail?.message).toBe(message);
      expect(await database.db.$count(job)).toBe(before);
    });
  }

  test("each rule met: a range of $50,000, a range above $200,000, British Columbia without statements", async () => {
    for (const overrides of [
      { pay: { minCents: 60_000_00, maxCents: 110_000_00, period: "year" } },
      { pay: { minCents: 150_000_00, maxCents: 260_000_00, period: "year" } },
      {
        province: "BC",
        city: "Victoria",
        postalCode: "V8W 1P6",
        aiScreening: null,
        existingVacancy: null,
      },
    ]) {
      const response = await create({ employerId: verifiedId, ...posting(overrides) });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ status: "draft" });
    }
  });

  test("published at once for a verified employer, held for an unverified one", async () => {
    const published = await create({ employerId: verifiedId, publish: true, ...posting() });
    expect(published.status).toBe(201);
    const { id, status } = await published.json();
    expect(status).toBe("published");
    expect((await request(`/api/jobs/${id}`)).status).toBe(200);

    const held = await create({ employerId: unverifiedId, publish: true, ...posting() });
    expect(held.status).toBe(201);
    const heldPosting = await held.json();
    expect(heldPosting.status).toBe("held");
    expect((await request(`/api/jobs/${heldPosting.id}`)).status).toBe(404);
  });

  test("another player's employer is the 404; signed out is the 401", async () => {
    const response = await create({ employerId: verifiedId, ...posting() }, stranger);
    expect(response.status).toBe(404);
    expect((await create({ employerId: verifiedId, ...posting() }, "")).status).toBe(401);
  });
});

describe("PATCH /api/employer/jobs/{id}", () => {
  test("edits under the same rules, publishes, closes and reposts", async () => {
    const { id } = await (await create({ employerId: verifiedId, ...posting() })).json();
    const wide = await patch(id, {
      pay: { minCents: 60_000_00, maxCents: 120_000_00, period: "year" },
    });
    expect(wide.status).toBe(400);
    expect((await wide.json()).error.details.map((item: { field: string }) => item.field)).toEqual([
      "pay.maxCents",
    ]);
    const edited = await patch(id, { city: "Toronto", postalCode: "M5V 2T6" });
    expect(await edited.json()).toEqual({ id, status: "draft" });
    const [row] = await database.db.select({ city: job.city }).from(job).where(eq(job.id, id));
    expect(row?.city).toBe("Toronto");

    expect(await (await patch(id, { status: "published" })).json()).toEqual({
      id,
      status: "published",
    });
    expect(await (await patch(id, { status: "closed" })).json()).toEqual({ id, status: "closed" });
    expect((await patch(id, { city: "Ottawa" })).status).toBe(409);
    const noDate = await patch(id, { status: "published" });
    expect(noDate.status).toBe(400);
    const reposted = await patch(id, { status: "published", closesOn: inDays(30) });
    expect(await reposted.json()).toEqual({ id, status: "published" });
  });

  test("another employer's posting, a seed posting and none are the 404; an unknown field is refused", async () => {
    const { id } = await (await create({ employerId: verifiedId, ...posting() })).json();
    expect((await patch(id, { city: "Ottawa" }, stranger)).status).toBe(404);
    const [seed] = (await insertFixtures(database.db, [fixturePosting()])) as [number];
    expect((await patch(seed, { city: "Ottawa" })).status).toBe(404);
    expect((await patch(999_999, { city: "Ottawa" })).status).toBe(404);
    expect((await patch(id, { company: "Other" })).status).toBe(400);
  });
});
