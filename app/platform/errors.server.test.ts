import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../auth/test-players.server.ts";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "./test-host.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let player: string;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  player = await signUpVerified(request, database.db, {
    name: "Nadia",
    email: "nadia@example.com",
  });
});

afterAll(() => database.close());

const sameSite = { origin: TEST_BASE_URL, "x-real-ip": "10.3.0.1" };

describe("page actions answer any body with a 4xx, never a 500", () => {
  const bodies: [string, string, BodyInit][] = [
    ["JSON", "application/json", JSON.stringify({ intent: "login", email: "a", password: "b" })],
    ["text", "text/plain", "intent=login"],
    ["XML", "application/xml", "<login/>"],
    ["a broken multipart", "multipart/form-data; boundary=zz", "--zz\r\nContent-Disposition: form"],
    ["a truncated JSON", "application/json", '{"intent": "log'],
    ["NUL", "application/x-www-form-urlencoded", "intent=login&email=a%00b&password=x"],
    ["an unknown intent", "application/x-www-form-urlencoded", "intent=hack&email=a"],
  ];
  for (const path of ["/login", "/register", "/forgot-password", "/reset-password", "/fr/login"]) {
    test.each(bodies)(`${path} with %s`, async (_kind, type, body) => {
      const response = await request(path, {
        method: "POST",
        headers: { ...sameSite, "content-type": type },
        body,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });
  }

  test.each(bodies)("/profile, signed in, with %s", async (_kind, type, body) => {
    const response = await request("/profile", {
      method: "POST",
      headers: { ...sameSite, cookie: player, "content-type": type },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  test("a profile name with NUL is refused with a clear message", async () => {
    const response = await request("/profile?edit", {
      method: "POST",
      headers: { ...sameSite, cookie: player, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=edit&name=Na%00dia",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("cannot be stored");
  });

  test("signing in with Google where it is not set up says so, with a 4xx", async () => {
    const response = await request("/login", {
      method: "POST",
      headers: { ...sameSite, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=google",
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Sign-in with Google is not available");
  });
});

describe("search terms with NUL or lone surrogates are stripped, not fatal", () => {
  test.each([
    "/businesses?title=%00",
    "/businesses?title=caf%00e&location=%ED%A0%80",
    "/api/businesses?location=%00",
    "/api/businesses?title=%ED%A0%80",
    "/api/businesses?title=a&title=b",
  ])("%s", async (path) => {
    const response = await request(path);
    expect(response.status).toBe(200);
  });
});

describe("one error shape for the whole API, in the client's language", () => {
  const errorOf = async (response: Response) => (await response.json()).error;

  test("an unknown address is a JSON 404", async () => {
    const response = await request("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "not_found" });
  });

  test("an unknown Better Auth address is a JSON 404 too", async () => {
    const response = await request("/api/auth/nothing-here");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "not_found" });
  });

  test("a method the address does not answer is a 405 with Allow", async () => {
    const response = await request("/api/businesses", { method: "POST", headers: sameSite });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await errorOf(response)).toMatchObject({ code: "method_not_allowed" });
  });

  test("Better Auth's own errors take the same shape", async () => {
    const response = await request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { ...sameSite, "content-type": "application/json", "accept-language": "fr-CA" },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
    });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({
      code: "unauthorized",
      message: "Le courriel ou le mot de passe ne correspond pas.",
    });
  });

  test("a cross-site write is refused in the same shape", async () => {
    const response = await request("/api/me", {
      method: "PATCH",
      headers: { origin: "https://evil.example", "accept-language": "fr" },
    });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: "cross_site" });
  });
});

describe("what depends on the session is never stored by a cache", () => {
  test.each(["/profile", "/api/me", "/", "/businesses"])(
    "%s for a signed-in player",
    async (path) => {
      const response = await request(path, { headers: { cookie: player } });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    },
  );

  test("a visitor's public page is not marked private", async () => {
    const response = await request("/businesses");
    expect(response.headers.get("cache-control") ?? "").not.toContain("private");
    expect(response.headers.get("vary")).toContain("Cookie");
  });
});

test.each(["not a url", "http://[::1", "null"])(
  "a write whose Origin is %j is refused as cross-site, not a 500",
  async (origin) => {
    const response = await request("/api/me", { method: "PATCH", headers: { origin } });
    expect(response.status).toBe(403);
  },
);

test.each(["/api/auth/sign-up/email", "/login"])(
  "%s refuses a body in a charset other than UTF-8 with 415",
  async (path) => {
    const response = await request(path, {
      method: "POST",
      headers: { ...sameSite, "content-type": "application/json; charset=klingon" },
      body: JSON.stringify({ intent: "login", email: "a@example.com", password: "whatever-pass" }),
    });
    expect(response.status).toBe(415);
  },
);

test("JSON nested deeper than any form needs is a 400, not a 500", async () => {
  const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
  for (const path of ["/api/auth/reset-password", "/api/me"]) {
    const response = await request(path, {
      method: path === "/api/me" ? "PATCH" : "POST",
      headers: { ...sameSite, cookie: player, "content-type": "application/json" },
      body: `{"newPassword": ${deep}, "name": ${deep}}`,
    });
    expect(response.status, path).toBe(400);
  }
});
