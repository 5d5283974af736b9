import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cookieOf, signUpVerified, TEST_PASSWORD } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { business } from "../../db/schema/directory.ts";
import { outboxEmail } from "../../db/schema/platform.ts";
import { guardianConsent } from "../../db/schema/players.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedBusinesses } from "../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../directory/test-fixtures.ts";
import {
  createTestHost,
  TEST_AUTH_SECRET,
  TEST_BASE_URL,
} from "../../platform/test-host.server.ts";
import {
  deleteUnconsentedChildren,
  giveConsent,
  requestConsent,
  withdrawConsent,
} from "../../players/consent.server.ts";
import { playerColumns } from "../../players/family-export.server.ts";

import { seedRedeemGoals } from "../../players/seed.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let businessId: number;
let adult: string;
let adultHandle: string;
let address = 0;
const OPTIONS = { secret: TEST_AUTH_SECRET, baseUrl: TEST_BASE_URL };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [fixtureBusiness({ slug: "diner", name: "Family Diner" })]),
  ]);
  await seedRedeemGoals(database.db);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  adult = await signUpVerified(request, database.db, {
    name: "Ada Grown",
    email: "ada@example.com",
    address: "10.60.0.1",
    age: 40,
  });
  adultHandle = await handleOf("ada@example.com");
});

afterAll(() => database.close());

/** Each request from an address of its own, so Better Auth's limits per address stay out of it. */
const nextAddress = () => `10.61.${Math.floor(address / 200)}.${(address++ % 200) + 1}`;

function post(path: string, body: unknown, cookie?: string, language = "en-CA", method = "POST") {
  return request(path, {
    method,
    headers: {
      "content-type": "application/json",
      origin: TEST_BASE_URL,
      "x-real-ip": nextAddress(),
      "accept-language": language,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return request(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: TEST_BASE_URL,
      "x-real-ip": nextAddress(),
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

async function playerByEmail(email: string) {
  const [row] = await database.db.select().from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no player ${email}`);
  return row;
}

const handleOf = async (email: string) => (await playerByEmail(email)).handle;

/** The token of the last consent link mailed to `to`, read from the e-mail as a parent would. */
async function mailedToken(to: string): Promise<string> {
  const [email] = await database.db
    .select()
    .from(outboxEmail)
    .where(eq(outboxEmail.to, to))
    .orderBy(desc(outboxEmail.id))
    .limit(1);
  const token = /\/family\/consent\/([\w-]+)/.exec(email?.text ?? "")?.[1];
  if (!token) throw new Error(`no consent link to ${to}`);
  return token;
}

async function signIn(email: string) {
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const answer = await post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
  expect(answer.status).toBe(200);
  return cookieOf(answer);
}

/** A child who signed up with a parent's address and waits: their session and the parent's token. */
async function waitingChild(name: string, points = 0) {
  const email = `${name}@example.com`;
  const cookie = await signUpVerified(request, database.db, {
    name: `${name} Kid`,
    email,
    address: nextAddress(),
    age: 10,
    awaitingConsent: true,
  });
  await database.db.update(user).set({ points }).where(eq(user.email, email));
  return { cookie, email, token: await mailedToken(`parent.${email}`) };
}

/** An adult who signed up and confirmed their address: their id and session. */
async function parentAccount(name: string, age = 40) {
  const email = `${name}@example.com`;
  const cookie = await signUpVerified(request, database.db, {
    name: `${name} Parent`,
    email,
    address: nextAddress(),
    age,
  });
  return { id: (await playerByEmail(email)).id, cookie };
}

describe("sign-up under 14", () => {
  test("Better Auth's endpoint refuses it without a parent's address, and creates nothing", async () => {
    const body = { name: "Tim Small", email: "tim@example.com", password: TEST_PASSWORD, age: 9 };
    const refused = await post("/api/auth/sign-up/email", body);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.details[0].field).toBe("parentEmail");
    const own = await post("/api/auth/sign-up/email", { ...body, parentEmail: "TIM@example.com" });
    expect(own.status).toBe(400);
    expect(await database.db.select().from(user).where(eq(user.email, "tim@example.com"))).toEqual(
      [],
    );
  });

  test("with a parent's address the account waits 7 days and the parent is mailed in the child's language", async () => {
    const before = Date.now();
    const answer = await post("/api/auth/sign-up/email", {
      name: "Léa Petite",
      email: "lea@example.com",
      password: TEST_PASSWORD,
      age: 10,
      locale: "fr-CA",
      parentEmail: "maman.lea@example.com",
    });
    expect(answer.status).toBe(200);
    const child = await playerByEmail("lea@example.com");
    expect(child.consentStatus).toBe("pending");
    const due = child.consentDueBy?.getTime() ?? 0;
    expect(due - before).toBeGreaterThanOrEqual(7 * 24 * 60 * 60 * 1000 - 1000);
    expect(due - before).toBeLessThan(7 * 24 * 60 * 60 * 1000 + 60_000);
    const token = await mailedToken("maman.lea@example.com");
    const [row] = await database.db
      .select()
      .from(guardianConsent)
      .where(eq(guardianConsent.childId, child.id));
    expect(row).toMatchObject({ parentEmail: "maman.lea@example.com", parentId: null });
    // Only an HMAC of the token is kept.
    expect(row?.tokenHash).not.toContain(token);
    const [mail] = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "maman.lea@example.com"));
    expect(mail?.subject).toBe("Léa Petite demande votre consentement sur Nearby");
    expect(mail?.text).toContain(`${TEST_BASE_URL}/fr/family/consent/${token}`);
  });

  test("the sign-up form asks for the parent's address beside the field, then takes it", async () => {
    const fields = {
      intent: "register",
      name: "Noah Form",
      email: "noah@example.com",
      age: "11",
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    };
    const asked = await postForm("/register", fields);
    expect(asked.status).toBe(400);
    const page = await asked.text();
    expect(page).toContain("Under 14, enter a parent’s or guardian’s email address.");
    expect(page).toContain('name="parentEmail"');
    expect(await database.db.select().from(user).where(eq(user.email, "noah@example.com"))).toEqual(
      [],
    );
    const taken = await postForm("/register", { ...fields, parentEmail: "dad.noah@example.com" });
    expect(taken.status).toBe(200);
    expect((await playerByEmail("noah@example.com")).consentStatus).toBe("pending");
    expect(await mailedToken("dad.noah@example.com")).toBeTruthy();
  });
});

describe("a waiting child", () => {
  test("plays but is hidden and refused every gated action with 403, then allowed after consent", async () => {
    const child = await waitingChild("mia", 500);
    const handle = await handleOf(child.email);
    const [question] = (
      await database.db.execute<{ id: number }>(
        sql`insert into business_question (business_id, user_id, question, locale)
          values (${businessId}, ${(await playerByEmail("ada@example.com")).id}, 'Open on Sunday?', 'en-CA')
          returning id`,
      )
    ).rows;
    const gated = (language = "en-CA") => [
      post(
        `/api/businesses/${businessId}/reviews`,
        { rating: 5, body: "Great food and a warm welcome here!" },
        child.cookie,
        language,
      ),
      post(
        `/api/businesses/${businessId}/questions`,
        { question: "Do you have a kids menu?" },
        child.cookie,
        language,
      ),
      post(
        `/api/questions/${question?.id}/answers`,
        { answer: "Yes, on Sundays." },
        child.cookie,
        language,
      ),
      post(`/api/players/${adultHandle}/follow`, {}, child.cookie, language, "PUT"),
    ];
    const refusals = await Promise.all(gated());
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    for (const answer of refusals) {
      expect((await answer.json()).error.message).toBe(
        "A parent must consent first: ask your parent or guardian to open the link we emailed them.",
      );
    }
    const [french] = await Promise.all(gated("fr-CA"));
    expect((await french?.json())?.error.message).toContain("Un parent doit d’abord");
    const redeemBody = {
      goal: "sticker-pack",
      name: "Mia",
      email: "parent.mia@example.com",
      phone: "(613) 555-0142",
      agree: true,
    };
    const redeem = await request("/api/redeem/requests", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: TEST_BASE_URL,
        cookie: child.cookie,
        "idempotency-key": "mia-redeem-1",
      },
      body: JSON.stringify(redeemBody),
    });
    expect(redeem.status).toBe(403);
    // The page's form gets the same refusal beside it.
    const reviewPage = await postForm(
      `/businesses/${businessId}`,
      { intent: "review", rating: "5", body: "Great food and a warm welcome here!" },
      child.cookie,
    );
    expect(reviewPage.status).toBe(403);
    expect(await reviewPage.text()).toContain("A parent must consent first");

    // Nothing about them is shown: not on the board, no profile, not in anyone's lists.
    const board = await (await request("/api/leaderboard", { headers: { cookie: adult } })).json();
    expect(board.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(board)).not.toContain(handle);
    expect((await request(`/api/players/${handle}`, { headers: { cookie: adult } })).status).toBe(
      403,
    );
    const page = await request("/leaderboard", { headers: { cookie: adult } });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(handle);
    // Their own board shows, without them on it.
    expect((await request("/leaderboard", { headers: { cookie: child.cookie } })).status).toBe(200);

    // A parent consents through the link: everything opens.
    const parent = await parentAccount("mia-mum");
    const consented = await postForm(
      `/family/consent/${child.token}`,
      { intent: "consent" },
      parent.cookie,
    );
    expect(consented.status).toBe(200);
    const after = await playerByEmail(child.email);
    expect(after).toMatchObject({ consentStatus: "given", consentDueBy: null });
    const [record] = await database.db
      .select()
      .from(guardianConsent)
      .where(eq(guardianConsent.childId, after.id));
    expect(record).toMatchObject({ parentId: parent.id, textVersion: 1, withdrawnAt: null });
    expect(record?.consentedAt).toBeInstanceOf(Date);
    expect(record?.consentIp).toMatch(/^10\.61\./);
    const allowed = await Promise.all(gated());
    expect(allowed.map((answer) => answer.status)).toEqual([201, 201, 201, 200]);
    const boardAfter = await (
      await request("/api/leaderboard", { headers: { cookie: adult } })
    ).json();
    expect(JSON.stringify(boardAfter)).toContain(handle);
  });

  test("a parent under 18 is refused, and so is the child themselves", async () => {
    const child = await waitingChild("leo");
    const teen = await parentAccount("leo-brother", 16);
    const refused = await postForm(
      `/family/consent/${child.token}`,
      { intent: "consent" },
      teen.cookie,
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only an adult (18 or older)");
    const self = await postForm(
      `/family/consent/${child.token}`,
      { intent: "consent" },
      child.cookie,
    );
    expect(self.status).toBe(403);
    expect((await playerByEmail(child.email)).consentStatus).toBe("pending");
  });

  test("an unknown link is the site's 404", async () => {
    expect((await request("/family/consent/not-a-real-token")).status).toBe(404);
  });
});

describe("an account under 14 from before consent was asked", () => {
  test("is sent to give a parent's address at sign-in, then waits; sending again is throttled", async () => {
    const email = "old-kid@example.com";
    await signUpVerified(request, database.db, {
      name: "Old Kid",
      email,
      address: nextAddress(),
      age: 12,
    });
    // As migration 0040 left the accounts under 14 it found.
    await database.db
      .update(user)
      .set({ consentStatus: "needs_parent", consentDueBy: null })
      .where(eq(user.email, email));
    const cookie = await signIn(email);
    const elsewhere = await request("/fr/profile", { headers: { cookie }, redirect: "manual" });
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toBe("/fr/family/waiting");
    const page = await request("/family/waiting", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ask a parent or guardian");
    const own = await postForm("/family/waiting", { intent: "ask", parentEmail: email }, cookie);
    expect(own.status).toBe(400);
    const asked = await postForm(
      "/family/waiting",
      { intent: "ask", parentEmail: "old-kid-mum@example.com" },
      cookie,
    );
    expect(asked.status).toBe(200);
    const waiting = await playerByEmail(email);
    expect(waiting.consentStatus).toBe("pending");
    expect(waiting.consentDueBy).toBeInstanceOf(Date);
    expect((await request("/profile", { headers: { cookie } })).status).toBe(200);
    const first = await mailedToken("old-kid-mum@example.com");
    const resent = await postForm("/family/waiting", { intent: "resend" }, cookie);
    expect(resent.status).toBe(200);
    // The new link replaces the old one; the deadline stays.
    expect((await request(`/family/consent/${first}`)).status).toBe(404);
    const second = await mailedToken("old-kid-mum@example.com");
    expect((await request(`/family/consent/${second}`)).status).toBe(200);
    expect((await playerByEmail(email)).consentDueBy).toEqual(waiting.consentDueBy);
    // Three tries an hour per child (LIMITS "consent-request", the refused address counted): the
    // fourth waits.
    expect((await postForm("/family/waiting", { intent: "resend" }, cookie)).status).toBe(429);
  });
});

describe("two parents at most", () => {
  test("a third parent is refused; two at once for the second slot: one wins", async () => {
    const child = await waitingChild("zoe");
    const childId = (await playerByEmail(child.email)).id;
    const first = await parentAccount("zoe-one");
    await giveConsent(database.db, { id: first.id, clientAddress: null }, child.token, OPTIONS);
    for (const name of ["zoe-two", "zoe-three"])
      await requestConsent(database.db, childId, `${name}@mail.example`, OPTIONS);
    const [two, three] = await Promise.all([parentAccount("zoe-two"), parentAccount("zoe-three")]);
    const tokens = await Promise.all([
      mailedToken("zoe-two@mail.example"),
      mailedToken("zoe-three@mail.example"),
    ]);
    const outcomes = await Promise.allSettled([
      giveConsent(database.db, { id: two.id, clientAddress: null }, tokens[0] ?? "", OPTIONS),
      giveConsent(database.db, { id: three.id, clientAddress: null }, tokens[1] ?? "", OPTIONS),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [refusal] = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [outcome.reason] : [],
    );
    expect(refusal).toMatchObject({ code: "conflict", message: "consent.problems.twoParents" });
    const linked = await database.db
      .select()
      .from(guardianConsent)
      .where(
        sql`${guardianConsent.childId} = ${childId} and ${guardianConsent.parentId} is not null`,
      );
    expect(linked).toHaveLength(2);
  });
});

describe("withdrawal", () => {
  test("the child waits again with a new week; the parent can consent again", async () => {
    const child = await waitingChild("eli");
    const parent = await parentAccount("eli-dad");
    await giveConsent(database.db, { id: parent.id, clientAddress: null }, child.token, OPTIONS);
    const now = new Date("2030-01-10T12:00:00Z");
    await withdrawConsent(database.db, parent.id, child.token, { ...OPTIONS, now });
    const after = await playerByEmail(child.email);
    expect(after.consentStatus).toBe("pending");
    expect(after.consentDueBy?.toISOString()).toBe("2030-01-17T12:00:00.000Z");
    const board = await (await request("/api/leaderboard", { headers: { cookie: adult } })).json();
    expect(JSON.stringify(board)).not.toContain(after.handle);
    // Another player cannot withdraw what they did not give.
    const stranger = await parentAccount("eli-stranger");
    await expect(
      withdrawConsent(database.db, stranger.id, child.token, OPTIONS),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("the week without consent", () => {
  test("deletes the child's account and every row that names them, with a fixed clock", async () => {
    const child = await waitingChild("ivy", 80);
    const id = (await playerByEmail(child.email)).id;
    // The clock is fixed: the child's week ends at `due`, long before the other children's.
    const due = new Date("2026-01-08T12:00:00Z");
    await database.db.update(user).set({ consentDueBy: due }).where(eq(user.id, id));
    // Rows about the child in the tables that name a player.
    await database.db.execute(
      sql`insert into follow (follower_id, followee_id)
        select ${id}, id from "user" where email = 'ada@example.com'`,
    );
    await database.db.execute(
      sql`insert into points_ledger (user_id, change, reason, source) values (${id}, 80, 'quiz', 'quiz_session:ivy')`,
    );
    expect(await deleteUnconsentedChildren(database.db, new Date(due.getTime() - 1000))).toBe(0);
    expect(await deleteUnconsentedChildren(database.db, due)).toBe(1);
    // Every column that references "user"(id), found in the catalogue rather than listed here.
    const columns = await playerColumns(database.db);
    expect(columns.size).toBeGreaterThan(10);
    for (const [table, playerColumnsOf] of columns)
      for (const column of playerColumnsOf) {
        const { rows } = await database.db.execute<{ count: number }>(
          sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
        );
        expect(rows[0]?.count, `${table}.${column}`).toBe(0);
      }
    expect(await database.db.select().from(user).where(eq(user.id, id))).toEqual([]);
  });
});
