import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { signInFailure, user } from "../db/schema/accounts.ts";
import { outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../platform/test-host.server.ts";
import { cookieOf } from "./test-players.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;

beforeAll(async () => {
  database = await createTestDatabase();
  // As behind a trusted proxy: each test chooses the visitor's address.
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
});

afterAll(() => database.close());

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return request(path, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: TEST_BASE_URL,
      "x-real-ip": "10.0.0.1",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

async function lastEmailTo(address: string) {
  const [email] = await database.db
    .select()
    .from(outboxEmail)
    .where(eq(outboxEmail.to, address))
    .orderBy(desc(outboxEmail.id))
    .limit(1);
  return email;
}

/** What following the e-mailed link does, without the e-mail. */
const markVerified = (email: string) =>
  database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));

describe("sign-up", () => {
  test("creates the player with SPEC.md's starting values and mails a verification link in their language", async () => {
    const response = await post(
      "/api/auth/sign-up/email",
      {
        name: "Élodie Bérubé",
        email: "elodie@example.com",
        password: "maple-syrup-2026",
        age: 11,
        parentEmail: "parent.elodie@example.com",
        locale: "fr-CA",
      },
      { "x-real-ip": "10.0.1.1" },
    );
    expect(response.status).toBe(200);
    const [player] = await database.db
      .select()
      .from(user)
      .where(eq(user.email, "elodie@example.com"));
    expect(player).toMatchObject({
      name: "Élodie Bérubé",
      age: 11,
      points: 0,
      usesPoints: 0,
      winner: 0,
      playMatch: 0,
      notification: true,
      emailVerified: false,
      image: null,
      profilePublic: false,
    });
    // Under 14: a handle of words, nothing from her name.
    expect(player?.handle).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);
    expect(player?.handle).not.toContain("elodie");

    const email = await lastEmailTo("elodie@example.com");
    expect(email?.subject).toBe("Confirmez votre adresse courriel pour Nearby");
    expect(email?.html).toContain('lang="fr-CA"');
    const link = /https?:\/\/\S+verify-email\S+/.exec(email?.text ?? "")?.[0] ?? "";
    expect(link).toContain(`${TEST_BASE_URL}/api/auth/verify-email?token=`);

    const verified = await request(link.replace(TEST_BASE_URL, ""), {
      headers: { "x-real-ip": "10.0.1.1" },
    });
    expect(verified.status).toBeLessThan(400);
    const [after] = await database.db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, "elodie@example.com"));
    expect(after?.emailVerified).toBe(true);
  });
});

test.each([
  { age: 13, profilePublic: false },
  { age: 14, profilePublic: true },
])(
  "a player aged $age starts with profilePublic $profilePublic, whatever the request says",
  async ({ age, profilePublic }) => {
    const email = `age-${age}@example.com`;
    const response = await post(
      "/api/auth/sign-up/email",
      {
        name: `Player ${age}`,
        email,
        password: "maple-syrup-2026",
        age,
        ...(age < 14 ? { parentEmail: `parent.${email}` } : {}),
      },
      { "x-real-ip": `10.0.2.${age}` },
    );
    expect(response.status).toBe(200);
    const [player] = await database.db
      .select({ profilePublic: user.profilePublic })
      .from(user)
      .where(eq(user.email, email));
    expect(player?.profilePublic).toBe(profilePublic);
  },
);

test.each([
  ["en-CA", "Shit Happens", "This name contains a word that could hurt or offend someone."],
  ["fr-CA", "Gros connard", "Ce nom contient un mot qui pourrait blesser ou choquer quelqu’un."],
])(
  "Better Auth's sign-up refuses a name with a word on the list (%s) and creates nobody",
  async (locale, name, message) => {
    const email = `words-${locale}@example.com`;
    const response = await post(
      "/api/auth/sign-up/email",
      { name, email, password: "maple-syrup-2026", age: 30, locale },
      { "x-real-ip": "10.0.2.77", "accept-language": locale },
    );
    expect(response.status).toBe(400);
    const answer = JSON.stringify(await response.json());
    expect(answer).toContain(message);
    expect(answer).not.toContain(name);
    expect(await database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  },
);

test("sign-up cannot choose its own privacy", async () => {
  const response = await post(
    "/api/auth/sign-up/email",
    {
      name: "Young Player",
      email: "young@example.com",
      password: "maple-syrup-2026",
      age: 9,
      profilePublic: true,
    },
    { "x-real-ip": "10.0.2.99" },
  );
  expect(response.status).toBe(400);
  const found = await database.db.select().from(user).where(eq(user.email, "young@example.com"));
  expect(found).toEqual([]);
});

describe("sign-in", () => {
  beforeAll(async () => {
    await post(
      "/api/auth/sign-up/email",
      {
        name: "Sam Tremblay",
        email: "sam@example.com",
        password: "northern-lights-7",
        age: 9,
        parentEmail: "parent.sam@example.com",
      },
      { "x-real-ip": "10.0.2.1" },
    );
  });

  test("nobody is signed in before confirming their address", async () => {
    const response = await post(
      "/api/auth/sign-in/email",
      { email: "sam@example.com", password: "northern-lights-7" },
      { "x-real-ip": "10.0.2.3" },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    await markVerified("sam@example.com");
  });

  test("the right password opens a session the site recognizes", async () => {
    const response = await post(
      "/api/auth/sign-in/email",
      { email: "sam@example.com", password: "northern-lights-7" },
      { "x-real-ip": "10.0.2.2" },
    );
    expect(response.status).toBe(200);
    const session = await request("/api/auth/get-session", {
      headers: { cookie: cookieOf(response) },
    });
    expect((await session.json()).user).toMatchObject({
      email: "sam@example.com",
      name: "Sam Tremblay",
    });
  });

  test("the sixth attempt from one address within a minute is refused with 429", async () => {
    const statuses: number[] = [];
    let sixth: Response | undefined;
    for (let attempt = 1; attempt <= 6; attempt++) {
      // Another account's address: Sam's own attempts have a limit of their own (below).
      sixth = await post(
        "/api/auth/sign-in/email",
        { email: "someone-else@example.com", password: "wrong-password" },
        { "x-real-ip": "10.0.9.9" },
      );
      statuses.push(sixth.status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(Number(sixth?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(sixth?.headers.get("x-retry-after")).toBeNull();
    expect((await (sixth as Response).json()).error.code).toBe("too_many_requests");
    // Another visitor is not affected.
    const other = await post(
      "/api/auth/sign-in/email",
      { email: "sam@example.com", password: "northern-lights-7" },
      { "x-real-ip": "10.0.9.10" },
    );
    expect(other.status).toBe(200);
  });

  test("a client cannot pick its own address to escape the limit", async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await post(
        "/api/auth/sign-in/email",
        { email: "sam@example.com", password: "wrong" },
        { "x-real-ip": "10.0.8.8", "x-nearby-client-ip": `192.0.2.${attempt}` },
      );
    }
    const sixth = await post(
      "/api/auth/sign-in/email",
      { email: "sam@example.com", password: "wrong" },
      { "x-real-ip": "10.0.8.8", "x-nearby-client-ip": "192.0.2.99" },
    );
    expect(sixth.status).toBe(429);
  });
});

describe("sign-in attempts per account, from any number of addresses", () => {
  const account = { email: "lena@example.com", password: "aurora-borealis-5" };
  const attempt = (email: string, password: string, address: string) =>
    post("/api/auth/sign-in/email", { email, password }, { "x-real-ip": address });

  beforeAll(async () => {
    await post(
      "/api/auth/sign-up/email",
      { name: "Lena Roy", ...account, age: 35 },
      { "x-real-ip": "10.3.0.1" },
    );
    await markVerified(account.email);
  });

  test("after 20 wrong passwords from 20 addresses, the right one must wait too", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 20; n++)
      statuses.push((await attempt(account.email, "wrong-guess", `10.3.1.${n}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    const right = await attempt(account.email, account.password, "10.3.2.1");
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await right.json()).error).toEqual({
      code: "too_many_requests",
      message: "Too many attempts. Please try again in 1 min.",
    });
  });

  test("an address without an account gets exactly the same answers", async () => {
    const answers: string[] = [];
    for (const email of [account.email, "nobody-at-all@example.com"]) {
      const seen: number[] = [];
      for (let n = 1; n <= 6; n++) {
        const response = await attempt(email, "wrong-guess", `10.3.3.${n}`);
        seen.push(response.status);
        if (n === 6) seen.push(Number(response.headers.has("retry-after")));
      }
      answers.push(JSON.stringify(seen));
    }
    // Lena's address is still waiting; the unknown one gets its 5 free attempts, then waits.
    expect(JSON.parse(answers[1] ?? "")).toEqual([401, 401, 401, 401, 401, 429, 1]);
  });

  test("the wait ends: once it is over the owner signs in, and the count starts over", async () => {
    // As if the last attempt were long enough ago (the wait is at most 15 minutes).
    await database.db
      .update(signInFailure)
      .set({ lastFailedAt: new Date(Date.now() - 16 * 60 * 1000) });
    const right = await attempt(account.email, account.password, "10.3.4.1");
    expect(right.status).toBe(200);
    expect((await attempt(account.email, "wrong-guess", "10.3.4.2")).status).toBe(401);
  });
});

test("a cross-site POST is refused and changes nothing", async () => {
  const response = await post(
    "/api/auth/sign-up/email",
    { name: "Mallory", email: "mallory@example.com", password: "cross-site-pass", age: 30 },
    { origin: "https://evil.example" },
  );
  expect(response.status).toBe(403);
  expect(
    await database.db.select().from(user).where(eq(user.email, "mallory@example.com")),
  ).toEqual([]);
  const fromForm = await request("/businesses", {
    method: "POST",
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(fromForm.status).toBe(403);
});

test("password reset: the mailed link sets a new password and ends the other sessions", async () => {
  await post(
    "/api/auth/sign-up/email",
    { name: "Reset Me", email: "reset@example.com", password: "first-password-1", age: 40 },
    { "x-real-ip": "10.0.3.1" },
  );
  await markVerified("reset@example.com");
  const phone = await post(
    "/api/auth/sign-in/email",
    { email: "reset@example.com", password: "first-password-1" },
    { "x-real-ip": "10.0.3.2" },
  );
  const phoneCookie = cookieOf(phone);

  const asked = await post(
    "/api/auth/request-password-reset",
    { email: "reset@example.com", redirectTo: "/reset-password" },
    { "x-real-ip": "10.0.3.3" },
  );
  expect(asked.status).toBe(200);
  const mail = await lastEmailTo("reset@example.com");
  expect(mail?.subject).toBe("Choose a new Nearby password");
  const link = /https?:\/\/\S+reset-password\/\S+/.exec(mail?.text ?? "")?.[0] ?? "";
  const landing = await request(link.replace(TEST_BASE_URL, ""));
  const token = new URL(landing.headers.get("location") ?? "", TEST_BASE_URL).searchParams.get(
    "token",
  );
  expect(landing.headers.get("location")).toMatch(
    new RegExp(`^${TEST_BASE_URL}/reset-password\\?token=`),
  );

  const reset = await post(
    "/api/auth/reset-password",
    { newPassword: "second-password-2", token },
    { "x-real-ip": "10.0.3.3" },
  );
  expect(reset.status).toBe(200);
  const stale = await (
    await request("/api/auth/get-session", { headers: { cookie: phoneCookie } })
  ).json();
  expect(stale).toBeNull();
  expect(
    (
      await post(
        "/api/auth/sign-in/email",
        { email: "reset@example.com", password: "first-password-1" },
        { "x-real-ip": "10.0.3.4" },
      )
    ).status,
  ).toBe(401);
  expect(
    (
      await post(
        "/api/auth/sign-in/email",
        { email: "reset@example.com", password: "second-password-2" },
        { "x-real-ip": "10.0.3.4" },
      )
    ).status,
  ).toBe(200);
  // The link works once.
  expect(
    (
      await post(
        "/api/auth/reset-password",
        { newPassword: "third-password-3", token },
        { "x-real-ip": "10.0.3.5" },
      )
    ).status,
  ).toBe(400);
});

test("asking for a reset of an unknown address answers the same, and sends nothing", async () => {
  const asked = await post(
    "/api/auth/request-password-reset",
    { email: "nobody-here@example.com", redirectTo: "/reset-password" },
    { "x-real-ip": "10.0.4.1" },
  );
  expect(asked.status).toBe(200);
  expect(await lastEmailTo("nobody-here@example.com")).toBeUndefined();
});

describe("Better Auth's own endpoints keep the site's rules", () => {
  const sound = {
    name: "Rule Keeper",
    email: "rules@example.com",
    password: "prairie-wind-88",
    age: 12,
    parentEmail: "parent.rules@example.com",
  };

  test.each([
    [{ password: "abc" }, "password"],
    [{ password: "password123" }, "password"],
    [{ name: "x".repeat(10_000) }, "name"], // ten thousand letters
    [{ age: undefined }, "age"],
    [{ age: "abc" }, "age"],
    [{ locale: "xx-XX" }, "locale"],
    [{ image: "https://evil.example/me.png" }, "image"],
    [{ callbackURL: "//evil.example" }, "callbackURL"],
    // Under 14 a parent's address, not the child's own (decision 0064).
    [{ parentEmail: undefined }, "parentEmail"],
    [{ parentEmail: "Rules@example.com" }, "parentEmail"],
  ])("sign-up with %j is refused with 400 and creates nothing", async (changes, field) => {
    const response = await post(
      "/api/auth/sign-up/email",
      { ...sound, ...changes },
      { "x-real-ip": `10.0.5.${field.length}${Object.keys(changes).length}` },
    );
    const { error } = await response.json();
    expect(response.status, JSON.stringify(error)).toBe(400);
    expect(error.code).toBe("invalid_parameters");
    expect(error.details[0].field).toBe(field);
    expect(await database.db.select().from(user).where(eq(user.email, sound.email))).toEqual([]);
  });

  test("the endpoints the site does not use are closed, in the API's error shape", async () => {
    for (const path of [
      "/api/auth/update-user",
      "/api/auth/change-password",
      "/api/auth/delete-user",
    ]) {
      const response = await post(path, { name: "x", image: "/uploads/avatars/other.jpg" });
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code, path).toBe("not_found");
    }
  });

  test("a reset to a weak or common password is refused", async () => {
    for (const newPassword of ["abc", "password1"]) {
      const response = await post(
        "/api/auth/reset-password",
        { newPassword, token: "anything" },
        { "x-real-ip": "10.0.5.2" },
      );
      expect(response.status, newPassword).toBe(400);
      expect((await response.json()).error.details[0].field).toBe("newPassword");
    }
  });
});

describe("sign-up does not tell a stranger who has an account", () => {
  const body = {
    name: "Known Person",
    email: "known@example.com",
    password: "birch-canoe-2026",
    age: 30,
  };

  test("a new and a known address get the same answer; the owner is told by e-mail", async () => {
    const first = await post("/api/auth/sign-up/email", body, { "x-real-ip": "10.0.6.1" });
    const again = await post(
      "/api/auth/sign-up/email",
      { ...body, name: "Someone Else", password: "other-pass-word-9" },
      { "x-real-ip": "10.0.6.2" },
    );
    expect(again.status).toBe(first.status);
    expect(again.headers.getSetCookie()).toEqual(first.headers.getSetCookie());
    // Word for word: Better Auth's stand-in user for a known address had no handle.
    const firstBody = await first.text();
    expect(await again.text()).toBe(firstBody);
    expect(JSON.parse(firstBody)).toEqual({ token: null });
    expect((await lastEmailTo("known@example.com"))?.subject).toBe(
      "You already have a Nearby account",
    );
    const [owner] = await database.db
      .select()
      .from(user)
      .where(eq(user.email, "known@example.com"));
    expect(owner?.name).toBe("Known Person");
  });
});

test("only the newest reset link works", async () => {
  await post(
    "/api/auth/sign-up/email",
    { name: "Two Links", email: "twolinks@example.com", password: "spruce-cabin-77", age: 33 },
    { "x-real-ip": "10.0.7.1" },
  );
  const tokens: string[] = [];
  for (const address of ["10.0.7.2", "10.0.7.3"]) {
    await post(
      "/api/auth/request-password-reset",
      { email: "twolinks@example.com", redirectTo: "/reset-password" },
      { "x-real-ip": address },
    );
    const mail = await lastEmailTo("twolinks@example.com");
    tokens.push(/reset-password\/([^?\s]+)/.exec(mail?.text ?? "")?.[1] ?? "");
  }
  const older = await post(
    "/api/auth/reset-password",
    { newPassword: "spruce-cabin-88", token: tokens[0] },
    { "x-real-ip": "10.0.7.4" },
  );
  expect(older.status).toBe(400);
  const newer = await post(
    "/api/auth/reset-password",
    { newPassword: "spruce-cabin-99", token: tokens[1] },
    { "x-real-ip": "10.0.7.4" },
  );
  expect(newer.status).toBe(200);
});

describe("redirects stay on this site", () => {
  test.each([
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "https:evil.example",
    "%2F%2Fevil.example",
    "/%09/evil.example",
    "javascript:alert(1)",
    "https://evil.example/",
  ])("verify-email with callbackURL=%s is refused", async (target) => {
    const response = await request(
      `/api/auth/verify-email?token=whatever&callbackURL=${encodeURIComponent(target)}`,
      { headers: { "x-real-ip": "10.0.8.1" } },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });

  test("the same targets typed raw in the address are refused too", async () => {
    for (const raw of ["/.//evil.example", "/%09/evil.example", "%2F%2Fevil.example"]) {
      const response = await request(`/api/auth/verify-email?token=whatever&callbackURL=${raw}`, {
        headers: { "x-real-ip": "10.0.8.2" },
      });
      expect(response.status, raw).toBe(400);
    }
  });
});

describe("origins, HTTPS and signing out", () => {
  test("an Origin with another scheme or port than BASE_URL's is another site", async () => {
    for (const origin of ["https://localhost", "http://localhost:3000", "http://127.0.0.1"]) {
      const response = await post(
        "/api/auth/sign-up/email",
        { name: "Eve Other", email: "eve@example.com", password: "scheme-port-pass", age: 30 },
        { origin, "x-real-ip": "10.0.10.1" },
      );
      expect(response.status, origin).toBe(403);
    }
    expect(await database.db.select().from(user).where(eq(user.email, "eve@example.com"))).toEqual(
      [],
    );
  });

  test("over plain HTTP, no HSTS", async () => {
    expect((await request("/")).headers.get("strict-transport-security")).toBeNull();
  });

  test("behind HTTPS: every cookie Secure, the session's __Secure-, and HSTS for a year", async () => {
    const site = "https://nearby.example";
    const secure = await createTestHost(database.db, {
      baseUrl: site,
      clientIpHeader: "x-real-ip",
    });
    const send = (path: string, body: unknown) =>
      secure(path, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site, "x-real-ip": "10.0.11.1" },
        body: JSON.stringify(body),
      });
    const player = { email: "hana@example.com", password: "maple-harbour-31" };
    await send("/api/auth/sign-up/email", { name: "Hana Secure", ...player, age: 40 });
    await markVerified(player.email);
    const signedIn = await send("/api/auth/sign-in/email", player);
    expect(signedIn.status).toBe(200);
    const cookies = signedIn.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__Secure-better-auth.session_token="))).toBe(true);
    expect(cookies.every((c) => /;\s*Secure\b/i.test(c))).toBe(true);
    expect(signedIn.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect((await secure("/")).headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  test("signing out tells the browser to clear the site's cookies and storage", async () => {
    const player = { email: "olga@example.com", password: "tundra-lantern-8" };
    await post(
      "/api/auth/sign-up/email",
      { name: "Olga Out", ...player, age: 50 },
      { "x-real-ip": "10.0.12.1" },
    );
    await markVerified(player.email);
    for (const [n, signOut] of [
      [1, (cookie: string) => post("/api/auth/sign-out", {}, { cookie })],
      [
        2,
        (cookie: string) =>
          request("/logout", {
            method: "POST",
            headers: { origin: TEST_BASE_URL, cookie, "x-real-ip": "10.0.12.9" },
          }),
      ],
    ] as const) {
      const signedIn = await post("/api/auth/sign-in/email", player, {
        "x-real-ip": `10.0.12.${n + 1}`,
      });
      const answer = await signOut(cookieOf(signedIn));
      expect(answer.headers.get("clear-site-data"), String(n)).toBe('"cookies", "storage"');
    }
    expect((await request("/")).headers.get("clear-site-data")).toBeNull();
  });
});
