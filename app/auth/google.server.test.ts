import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { GOOGLE_CLIENT, GOOGLE_PLAYER, startOidcServer } from "../../tests/support/oidc-server.ts";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../platform/test-host.server.ts";

let database: DatabaseHandle;
let oidc: Awaited<ReturnType<typeof startOidcServer>>;
let request: Awaited<ReturnType<typeof createTestHost>>;

beforeAll(async () => {
  database = await createTestDatabase();
  oidc = await startOidcServer();
  request = await createTestHost(database.db, {
    google: { ...GOOGLE_CLIENT, discoveryUrl: oidc.discoveryUrl },
  });
});

afterAll(async () => {
  await oidc.stop();
  await database.close();
});

const cookies = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

test("signing in with Google goes to the provider, comes back and opens a session for a new player", async () => {
  const start = await request("/api/auth/sign-in/social", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL },
    body: JSON.stringify({ provider: "google", callbackURL: "/profile" }),
  });
  expect(start.status).toBe(200);
  const { url } = await start.json();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
  expect(new URL(url).searchParams.get("client_id")).toBe(GOOGLE_CLIENT.clientId);

  // The provider approves at once and sends the browser back with a code.
  const approved = await fetch(url, { redirect: "manual" });
  const back = new URL(approved.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${TEST_BASE_URL}/api/auth/callback/google`);

  const callback = await request(`${back.pathname}${back.search}`, {
    headers: { cookie: cookies(start) },
  });
  expect(callback.status).toBe(302);
  expect(callback.headers.get("location")).toBe("/profile");

  const session = await (
    await request("/api/auth/get-session", { headers: { cookie: cookies(callback) } })
  ).json();
  expect(session.user).toMatchObject({
    email: GOOGLE_PLAYER.email,
    name: GOOGLE_PLAYER.name,
    emailVerified: true,
  });
  const [player] = await database.db.select().from(user).where(eq(user.email, GOOGLE_PLAYER.email));
  expect(player).toMatchObject({ points: 0, usesPoints: 0, age: null });
  // No age known yet, so private: a handle of words, nothing from the name.
  expect(player?.handle).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);
  expect(player?.handle).not.toContain("kiana");
});

test("a Google name with a word on the list becomes a neutral one: the sign-in still succeeds", async () => {
  const rude = {
    ...GOOGLE_PLAYER,
    sub: "google-rude",
    email: "rude@example.com",
    name: "Shit Head",
  };
  const rudeOidc = await startOidcServer(0, rude);
  try {
    const host = await createTestHost(database.db, {
      google: { ...GOOGLE_CLIENT, discoveryUrl: rudeOidc.discoveryUrl },
    });
    const start = await host("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL },
      body: JSON.stringify({ provider: "google", callbackURL: "/profile" }),
    });
    const approved = await fetch((await start.json()).url, { redirect: "manual" });
    const back = new URL(approved.headers.get("location") ?? "");
    const callback = await host(`${back.pathname}${back.search}`, {
      headers: { cookie: cookies(start) },
    });
    expect(callback.headers.get("location")).toBe("/profile");
    const [player] = await database.db.select().from(user).where(eq(user.email, rude.email));
    expect(player?.name).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);
    expect(player?.handle).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);
  } finally {
    await rudeOidc.stop();
  }
});

test("a callback without the state this browser started with is refused", async () => {
  const forged = await request("/api/auth/callback/google?code=stolen&state=made-up");
  expect(forged.status).toBe(302);
  expect(forged.headers.get("location")).toMatch(/error/);
  expect(forged.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(
    false,
  );
});

test("a banned player coming back from Google gets no session: the login page says suspended", async () => {
  await database.db
    .update(user)
    .set({ banned: true, banReason: "spam", banExpires: null })
    .where(eq(user.email, GOOGLE_PLAYER.email));
  const start = await request("/api/auth/sign-in/social", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL },
    body: JSON.stringify({
      provider: "google",
      callbackURL: "/profile",
      errorCallbackURL: "/login",
    }),
  });
  const { url } = await start.json();
  const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location") ?? "");
  const callback = await request(`${back.pathname}${back.search}`, {
    headers: { cookie: cookies(start) },
  });
  expect(callback.status).toBe(302);
  const login = callback.headers.get("location") ?? "";
  expect(login).toMatch(/^\/login\?error=ACCOUNT_SUSPENDED/);
  expect(callback.headers.getSetCookie().some((cookie) => /session_token=[^;]/.test(cookie))).toBe(
    false,
  );
  const page = await (await request(login)).text();
  expect(page).toContain(
    "This account is suspended. To appeal, write to moderation@nearby.example.",
  );
});
