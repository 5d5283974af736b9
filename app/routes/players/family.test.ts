import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { auditEvent } from "../../db/schema/platform.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { linkParent } from "../../players/test-family.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let parent: string;
let stranger: string;
let child: string;
let childId: string;
let address = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  parent = await signUpVerified(request, database.db, {
    name: "Pat Parent",
    email: "pat@example.com",
    address: "10.70.0.1",
    age: 41,
  });
  stranger = await signUpVerified(request, database.db, {
    name: "Sam Stranger",
    email: "sam@example.com",
    address: "10.70.0.2",
    age: 35,
  });
  child = await signUpVerified(request, database.db, {
    name: "Kit Young",
    email: "kit@example.com",
    address: "10.70.0.3",
    age: 10,
  });
  childId = (await player("kit@example.com")).id;
  await linkParent(database.db, (await player("pat@example.com")).id, childId);
});

afterAll(() => database.close());

async function player(email: string) {
  const [row] = await database.db.select().from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no player ${email}`);
  return row;
}

const page = (path: string, cookie?: string) =>
  request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });

function postForm(path: string, fields: Record<string, string>, cookie: string) {
  return request(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: TEST_BASE_URL,
      "x-real-ip": `10.71.0.${++address}`,
      cookie,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const audited = () =>
  database.db
    .select({ action: auditEvent.action, role: auditEvent.actorRole, after: auditEvent.after })
    .from(auditEvent)
    .where(and(eq(auditEvent.targetKind, "user"), eq(auditEvent.targetId, childId)));

test("a visitor is sent to sign in; a player with no child reads how a child links them", async () => {
  const visitor = await page("/family");
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("location")).toContain("/login");
  const none = await page("/fr/family", stranger);
  expect(none.status).toBe(200);
  const text = await none.text();
  expect(text).toContain("Aucun enfant lié pour l’instant");
  expect(text).not.toContain("Kit Young");
  // The header's Family link is for parents only.
  expect(text).not.toContain(">Famille</a>");
});

test("the parent sees the child, the link to the child's page, and Family in the header", async () => {
  const answer = await page("/family", parent);
  expect(answer.status).toBe(200);
  const text = await answer.text();
  expect(text).toContain("Kit Young");
  expect(text).toContain(`href="/family/children/${childId}"`);
  expect(text).toContain("Requests, age and account");
  expect(text).toContain("Kit Young: sets played and time spent per week, the last 8 weeks");
  expect(text).toContain(">Family</a>");
});

test("only the parent's switches change the child, each audited in the role parent", async () => {
  const profile = { intent: "profile", childId, profilePublic: "on" };
  expect((await postForm("/family", profile, stranger)).status).toBe(404);
  expect((await player("kit@example.com")).profilePublic).toBe(false);
  expect(await audited()).toEqual([]);

  expect((await postForm("/family", profile, parent)).status).toBe(200);
  expect(
    (await postForm("/family", { intent: "timer", childId, quizTimer: "60" }, parent)).status,
  ).toBe(200);
  expect(
    (await postForm("/family", { intent: "cap", childId, pointsCap: "50" }, parent)).status,
  ).toBe(200);
  expect(await player("kit@example.com")).toMatchObject({
    profilePublic: true,
    quizTimer: 60,
    familyPointsCap: 50,
  });
  expect(await audited()).toEqual([
    {
      action: "family.settings",
      role: "parent",
      after: expect.objectContaining({ profilePublic: true }),
    },
    {
      action: "family.settings",
      role: "parent",
      after: expect.objectContaining({ quizTimer: 60 }),
    },
    {
      action: "family.settings",
      role: "parent",
      after: expect.objectContaining({ familyPointsCap: 50 }),
    },
  ]);

  // Empty: the site's cap alone again.
  await postForm("/family", { intent: "cap", childId, pointsCap: "" }, parent);
  expect((await player("kit@example.com")).familyPointsCap).toBeNull();
});

test.each(["0", "300", "12.5", "lots", "-3"])(
  "a cap of %j is refused with a message and changes nothing",
  async (pointsCap) => {
    await postForm("/family", { intent: "cap", childId, pointsCap: "40" }, parent);
    const refused = await postForm("/family", { intent: "cap", childId, pointsCap }, parent);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("below the site’s daily cap");
    expect((await player("kit@example.com")).familyPointsCap).toBe(40);
  },
);

test("the child cannot open their own profile, and may close it once the parent opened it", async () => {
  await database.db.update(user).set({ profilePublic: false }).where(eq(user.id, childId));
  const refused = await postForm(
    "/profile",
    { intent: "settings", locale: "en-CA", quizTimer: "30", profilePublic: "on" },
    child,
  );
  expect(refused.status).toBe(403);
  expect(await refused.text()).toContain("only a parent or guardian can make your profile public");
  expect((await player("kit@example.com")).profilePublic).toBe(false);

  await postForm("/family", { intent: "profile", childId, profilePublic: "on" }, parent);
  const closed = await postForm(
    "/profile",
    { intent: "settings", locale: "en-CA", quizTimer: "30" },
    child,
  );
  expect(closed.status).toBe(302);
  expect((await player("kit@example.com")).profilePublic).toBe(false);
});
