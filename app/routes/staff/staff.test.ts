import { and, eq, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { totpCode } from "../../../tests/support/totp.ts";
import { cookieOf, signUpVerified, TEST_PASSWORD } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { session, user } from "../../db/schema/accounts.ts";
import { auditEvent } from "../../db/schema/platform.ts";
import { pointsLedger } from "../../db/schema/players.ts";
import { countQueries, createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { redeemGoalFor } from "../../players/redeem.server.ts";
import { seedRedeemGoals } from "../../players/seed.server.ts";

// The console through the built site: who gets in (and who gets the 404), two-factor sign-in,
// 12-hour staff sessions, and the roles page's writes.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

async function member(name: string, role: "player" | "moderator" | "admin", twoFactor = true) {
  const email = `${name}@example.com`;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name[0]?.toUpperCase()}${name.slice(1)} Tester`,
    email,
    address: `10.30.${Object.keys(cookies).length}.1`,
  });
  const [row] = await database.db
    .update(user)
    .set({ role, twoFactorEnabled: twoFactor })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  ids[name] = row?.id as string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await member("pat", "player");
  await member("maude", "moderator");
  await member("ada", "admin");
});

afterAll(() => database.close());

const get = (who: string | null, path: string) =>
  request(path, { redirect: "manual", headers: { cookie: who ? (cookies[who] ?? "") : "" } });

const post = (
  who: string,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  request(path, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookies[who] ?? "",
      "x-real-ip": "10.31.0.1",
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
  });

/** An attribute's or a text's value as React escaped it in the page. */
const decodeEntities = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

const roleOf = async (name: string) =>
  (
    await database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, ids[name] ?? ""))
  )[0]?.role;

describe("the 404 for anyone who is not staff", () => {
  const addresses = [
    "/staff",
    "/fr/staff",
    "/staff/staff",
    "/staff/audit",
    "/fr/staff/audit",
    "/staff/two-factor",
    "/fr/staff/two-factor",
    "/staff/no-such-page",
  ];

  test("a visitor and a player get the site's 404 page on every console address", async () => {
    for (const who of [null, "pat"]) {
      for (const path of addresses) {
        const answer = await get(who, path);
        expect(answer.status, `${who} ${path}`).toBe(404);
        expect(answer.headers.get("content-type")).toContain("text/html");
      }
    }
  });

  test("a player's POST to a console page is the 404 too, and changes nothing", async () => {
    const answer = await post("pat", "/staff/staff", {
      intent: "grant",
      member: "pat@example.com",
      role: "admin",
    });
    expect(answer.status).toBe(404);
    expect(await roleOf("pat")).toBe("player");
  });

  test("a moderator opens the queue but gets the 404 on the admins' pages", async () => {
    expect((await get("maude", "/staff")).status).toBe(200);
    expect((await get("maude", "/fr/staff")).status).toBe(200);
    for (const path of ["/staff/staff", "/staff/audit", "/fr/staff/audit"]) {
      expect((await get("maude", path)).status, path).toBe(404);
    }
    expect((await get("ada", "/staff/audit")).status).toBe(200);
  });

  test("a console page reads its member's role, two-factor and ban with the session: no statement of their own", async () => {
    // The session's statement, then the queue's counts; nothing waits in this database, so no
    // kind's list is read. The frame's and the page's checks and the header's employer link ask
    // nothing more (they were two statements of their own), and the console's header shows no cart.
    const queries = await countQueries(database.db, async () => {
      expect((await get("maude", "/staff")).status).toBe(200);
    });
    expect(queries).toBe(2);
  });

  test("a banned member gets the 404 even with a session left", async () => {
    await database.db
      .update(user)
      .set({ banned: true })
      .where(eq(user.id, ids.maude ?? ""));
    try {
      expect((await get("maude", "/staff")).status).toBe(404);
    } finally {
      await database.db
        .update(user)
        .set({ banned: false })
        .where(eq(user.id, ids.maude ?? ""));
    }
  });

  test("the console is marked noindex, and staff see a link to it in the header", async () => {
    const page = await (await get("maude", "/staff")).text();
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(await (await get("maude", "/")).text()).toContain('href="/staff"');
    expect(await (await get("pat", "/")).text()).not.toContain('href="/staff"');
  });
});

describe("the roles page", () => {
  test("an admin grants a role by e-mail: the role changes and one audit row says so", async () => {
    const answer = await post(
      "ada",
      "/staff/staff",
      { intent: "grant", member: "pat@example.com", role: "moderator" },
      { "x-real-ip": "203.0.113.9" },
    );
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Pat Tester is now moderator.");
    expect(await roleOf("pat")).toBe("moderator");
    const rows = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.targetKind, "user"), eq(auditEvent.targetId, ids.pat ?? "")));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: ids.ada,
        actorRole: "admin",
        action: "staff.grant",
        before: { role: "player" },
        after: { role: "moderator" },
        clientAddress: "203.0.113.9",
      }),
    ]);
  });

  test("a change from a role that is no longer the member's is a 409 naming who acted first", async () => {
    const answer = await post("ada", "/staff/staff", {
      intent: "change",
      memberId: ids.pat ?? "",
      seen: "player",
      role: "admin",
    });
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("Ada Tester acted on this first");
    expect(await roleOf("pat")).toBe("moderator");
  });

  test("twenty admins' removals at once: one succeeds, the others get the 409, one audit row", async () => {
    const before = (await database.db.select().from(auditEvent)).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post("ada", "/staff/staff", {
          intent: "change",
          memberId: ids.pat ?? "",
          seen: "moderator",
          role: "player",
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    expect(await database.db.select().from(auditEvent)).toHaveLength(before + 1);
    expect(await roleOf("pat")).toBe("player");
    // Removed: the console is gone at the member's next request.
    expect((await get("pat", "/staff")).status).toBe(404);
  });

  test("an admin cannot remove their own admin role", async () => {
    const answer = await post("ada", "/staff/staff", {
      intent: "change",
      memberId: ids.ada ?? "",
      seen: "admin",
      role: "player",
    });
    expect(answer.status).toBe(403);
    expect(await roleOf("ada")).toBe("admin");
  });

  test("a cross-site form post is refused (403) before it reaches the console", async () => {
    const answer = await post(
      "ada",
      "/staff/staff",
      { intent: "grant", member: "pat@example.com", role: "admin" },
      { origin: "https://evil.example" },
    );
    expect(answer.status).toBe(403);
    expect(await roleOf("pat")).toBe("player");
  });

  test("the audit page lists the change, filtered by action and target", async () => {
    const page = await (
      await get("ada", `/staff/audit?action=staff.grant&targetKind=user&targetId=${ids.pat}`)
    ).text();
    // The values are marked as of no known language (what people wrote, in any language).
    expect(page).toContain('role: <span lang="">player</span> → <span lang="">moderator</span>');
    expect(page).toContain('role: <span lang="">moderator</span> → <span lang="">player</span>');
    const none = await (await get("ada", "/staff/audit?action=order.mark_paid")).text();
    expect(none).toContain("No action matches.");
    expect((await get("ada", "/staff/audit?from=yesterday")).status).toBe(400);
  });
});

describe("sessions", () => {
  test("a staff session ends 12 hours after its sign-in; a player's lasts as before", async () => {
    await database.db
      .update(session)
      .set({ createdAt: sql`now() - interval '13 hours'` })
      .where(sql`${session.userId} in (${ids.maude}, ${ids.pat})`);
    const refused = await get("maude", "/fr/staff");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/fr/login?redirectTo=%2Ffr%2Fstaff");
    expect(
      await database.db
        .select()
        .from(session)
        .where(eq(session.userId, ids.maude ?? "")),
    ).toEqual([]);
    expect((await get("pat", "/profile")).status).toBe(200);
  });

  test("a staff session is never made or extended past 12 hours; a player's still is", async () => {
    await database.db
      .update(session)
      .set({ expiresAt: sql`now() + interval '30 days'` })
      .where(sql`${session.userId} in (${ids.ada}, ${ids.pat})`);
    const lifetimes = await database.db.execute<{ user_id: string; hours: number }>(
      sql`select user_id, extract(epoch from expires_at - created_at) / 3600 as hours from session
          where user_id in (${ids.ada}, ${ids.pat})`,
    );
    const hours = Object.fromEntries(lifetimes.rows.map((row) => [row.user_id, Number(row.hours)]));
    expect(hours[ids.ada ?? ""]).toBeLessThanOrEqual(12);
    expect(hours[ids.pat ?? ""]).toBeGreaterThan(24 * 29);
  });
});

describe("two-factor sign-in", () => {
  let key = "";
  let recoveryCodes: string[] = [];
  const signIn = (address: string) =>
    request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: TEST_BASE_URL, "content-type": "application/json", "x-real-ip": address },
      body: JSON.stringify({ email: "tess@example.com", password: TEST_PASSWORD }),
    });

  test("staff without it are sent to the set-up, the console's one page that opens without it", async () => {
    await member("tess", "moderator", false);
    const answer = await get("tess", "/fr/staff/audit");
    expect(answer.status).toBe(404);
    const queue = await get("tess", "/fr/staff");
    expect(queue.status).toBe(302);
    expect(queue.headers.get("location")).toBe("/fr/staff/two-factor");
    expect((await get("tess", "/staff/two-factor")).status).toBe(200);
  });

  test("the password makes a key, the app's code turns it on, and the recovery codes show once", async () => {
    const wrong = await post("tess", "/staff/two-factor", {
      intent: "start",
      password: "nope-nope",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That password is not right.");
    const started = await post("tess", "/staff/two-factor", {
      intent: "start",
      password: TEST_PASSWORD,
    });
    expect(started.status).toBe(200);
    const page = await started.text();
    key = /data-testid="totp-key"[^>]*>([A-Z2-7]+)</.exec(page)?.[1] ?? "";
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    // Beside the key, a QR code of the same otpauth:// address, described for those who cannot see it.
    const uri = decodeEntities(/>(otpauth:\/\/[^<]+)</.exec(page)?.[1] ?? "");
    expect(new URL(uri).searchParams.get("secret")).toBe(key);
    const image = /<img src="(data:image\/svg\+xml,[^"]+)" alt="([^"]+)"/.exec(page);
    expect(image?.[2]).toBe("QR code of the set-up address, for the authenticator app’s camera");
    const svg = decodeURIComponent(
      decodeEntities(image?.[1] ?? "").slice("data:image/svg+xml,".length),
    );
    expect(svg).toBe(
      await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
    );
    const badCode = await post("tess", "/staff/two-factor", { intent: "confirm", code: "000000" });
    expect(badCode.status).toBe(401);
    const confirmed = await post("tess", "/staff/two-factor", {
      intent: "confirm",
      code: totpCode(key),
    });
    expect(confirmed.status).toBe(200);
    recoveryCodes = [
      ...(await confirmed.text()).matchAll(/<li>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/li>/g),
    ].map((match) => match[1] ?? "");
    expect(new Set(recoveryCodes).size).toBe(10);
    // Turning it on replaced the session: the new cookie opens the console.
    cookies.tess = cookieOf(confirmed);
    expect((await get("tess", "/staff")).status).toBe(200);
    const again = await (await get("tess", "/staff/two-factor")).text();
    expect(again).toContain("Two-factor sign-in is on.");
    expect(again).not.toContain(recoveryCodes[0]);
  });

  test("signing in through the API then asks for the code; a wrong one is refused", async () => {
    const first = await signIn("10.32.0.1");
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(first.headers.get("clear-site-data")).toBeNull();
    const pending = cookieOf(first);
    expect(pending).toContain("better-auth.two_factor=");
    const verify = (code: string) =>
      request("/api/auth/two-factor/verify-totp", {
        method: "POST",
        headers: {
          origin: TEST_BASE_URL,
          "content-type": "application/json",
          "x-real-ip": "10.32.0.1",
          cookie: pending,
        },
        body: JSON.stringify({ code }),
      });
    expect((await verify("123456")).status).toBe(401);
    // A code sent through the API with "trust this device" is refused: every sign-in asks.
    const trusting = await request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      headers: { origin: TEST_BASE_URL, "content-type": "application/json", cookie: pending },
      body: JSON.stringify({ code: totpCode(key), trustDevice: true }),
    });
    expect(trusting.status).toBe(400);
    const right = await verify(totpCode(key));
    expect(right.status).toBe(200);
    const signedIn = cookieOf(right);
    expect(
      (await request("/staff", { redirect: "manual", headers: { cookie: signedIn } })).status,
    ).toBe(200);
  });

  test("the login page's second step takes a recovery code, once", async () => {
    const login = async () => {
      const answer = await request("/fr/login", {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: TEST_BASE_URL,
          "content-type": "application/x-www-form-urlencoded",
          "x-real-ip": "10.33.0.1",
        },
        body: new URLSearchParams({
          intent: "login",
          email: "tess@example.com",
          password: TEST_PASSWORD,
          redirectTo: "/fr/staff",
        }).toString(),
      });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/fr/login/two-factor?redirectTo=%2Ffr%2Fstaff");
      return cookieOf(answer);
    };
    const step = (cookie: string, code: string) =>
      request("/fr/login/two-factor", {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: TEST_BASE_URL,
          "content-type": "application/x-www-form-urlencoded",
          "x-real-ip": "10.33.0.2",
          cookie,
        },
        body: new URLSearchParams({ code, redirectTo: "/fr/staff" }).toString(),
      });
    const pending = await login();
    const wrong = await step(pending, "999999");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Ce code n’est pas le bon.");
    const code = recoveryCodes[0] ?? "";
    const done = await step(pending, code.replace("-", ""));
    expect(done.status).toBe(302);
    // As after the login form: on in the language the member chose (English here).
    expect(done.headers.get("location")).toBe("/staff");
    expect(
      (await request("/fr/staff", { redirect: "manual", headers: { cookie: cookieOf(done) } }))
        .status,
    ).toBe(200);
    const reused = await step(await login(), code);
    expect(reused.status).toBe(401);
  });
});

test("a redeem request's contact e-mail and phone show to admins only, not to moderators", async () => {
  await seedRedeemGoals(database.db);
  // Members of its own: the tests above remove roles and end sessions.
  await member("mona", "moderator");
  await member("abel", "admin");
  const player = ids.pat as string;
  await database.db.transaction(async (tx) => {
    await tx.update(user).set({ points: 1000 }).where(eq(user.id, player));
    await tx
      .insert(pointsLedger)
      .values({ userId: player, change: 1000, reason: "test", source: `test:${player}` });
  });
  const { request: asked } = await redeemGoalFor(
    database.db,
    { id: player, locale: "en-CA" },
    {
      goal: "sticker-pack",
      name: "Alice Martin",
      email: "pat.contact@example.com",
      phone: "+15145550123",
      agree: true,
    },
    "contact-test",
    { baseUrl: "https://nearby.example" },
  );
  const moderator = await (await get("mona", `/staff/redeem/${asked.id}`)).text();
  expect(moderator).toContain("Alice Martin");
  expect(moderator).not.toContain("pat.contact@example.com");
  expect(moderator).not.toContain("555-0123");
  const admin = await (await get("abel", `/fr/staff/redeem/${asked.id}`)).text();
  expect(admin).toContain("pat.contact@example.com");
  expect(admin).toContain("555-0123");
});
