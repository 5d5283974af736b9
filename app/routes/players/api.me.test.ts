import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { pngClaiming, testPhoto } from "../../platform/test-images.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let alice: string;
let bob: string;

const signUp = (name: string, email: string, address: string) =>
  signUpVerified(request, database.db, { name, email, address });

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  alice = await signUp("Alice Martin", "alice@example.com", "10.1.0.1");
  bob = await signUp("Bob Singh", "bob@example.com", "10.1.0.2");
});

afterAll(() => database.close());

const as = (cookie: string, init: RequestInit = {}) => ({
  ...init,
  headers: {
    origin: TEST_BASE_URL,
    cookie,
    ...(typeof init.body === "string" ? { "content-type": "application/json" } : {}),
    ...(init.headers as Record<string, string>),
  },
});
const me = async (cookie: string) => (await request("/api/me", as(cookie))).json();
const jpeg = () => testPhoto(300, 200);

test("a visitor gets 401 on every /api/me call", async () => {
  for (const [method, path] of [
    ["GET", "/api/me"],
    ["PATCH", "/api/me"],
    ["DELETE", "/api/me"],
    ["PUT", "/api/me/avatar"],
  ]) {
    const response = await request(path as string, { method, headers: { origin: TEST_BASE_URL } });
    expect(response.status, `${method} ${path}`).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
  }
});

test("GET /api/me is the player's own record, with their e-mail and progress", async () => {
  expect(await me(alice)).toMatchObject({
    name: "Alice Martin",
    email: "alice@example.com",
    age: 12,
    playerType: "newbie",
    profilePublic: false,
    balance: 0,
    quizTimer: 30,
    notification: true,
    locale: "en-CA",
    completedSets: {},
  });
});

describe("PATCH /api/me", () => {
  test("changes name and settings", async () => {
    const response = await request(
      "/api/me",
      as(alice, {
        method: "PATCH",
        body: JSON.stringify({
          name: "Alice M.",
          quizTimer: 0,
          notification: false,
          locale: "fr-CA",
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: "Alice M.",
      quizTimer: 0,
      notification: false,
      locale: "fr-CA",
    });
  });

  test.each([
    [{ quizTimer: 45 }, "quizTimer"],
    [{ age: 3 }, "age"],
    [{ name: "Al" }, "name"],
    [{ points: 99_999 }, "points"],
    [{ playerType: "Champion" }, "playerType"],
    [{ age: "abc" }, "age"],
    [{ age: 1e308 * 10 }, "age"],
    [{ name: "Ali\u0000ce" }, "name"],
    [{ name: "Ali\ud800ce" }, "name"],
    [{ name: ["Alice"] }, "name"],
    ["not json", "body"],
    ['{"name": "Alice', "body"],
  ])("%j is refused with 400 and changes nothing", async (body, field) => {
    const before = await me(alice);
    const response = await request(
      "/api/me",
      as(alice, { method: "PATCH", body: typeof body === "string" ? body : JSON.stringify(body) }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(field === "body" ? "" : field);
    expect(await me(alice)).toEqual(before);
  });
});

test("PATCH /api/me refuses a name with a word on the list, says what to change, and keeps the name", async () => {
  const before = await me(bob);
  const response = await request(
    "/api/me",
    as(bob, { method: "PATCH", body: JSON.stringify({ name: "Merde Singh" }) }),
  );
  expect(response.status).toBe(400);
  const { error } = await response.json();
  expect(JSON.stringify(error)).toContain("could hurt or offend someone");
  expect(JSON.stringify(error)).not.toContain("Merde");
  expect(await me(bob)).toEqual(before);
});

describe("a player recorded as under 14 (Alice is 12)", () => {
  test.each([[{ profilePublic: true }], [{ age: 30 }], [{ age: 13, name: "Alice Grown" }]])(
    "PATCH %j is refused with 403 and changes nothing",
    async (body) => {
      const before = await me(alice);
      const response = await request(
        "/api/me",
        as(alice, { method: "PATCH", body: JSON.stringify(body) }),
      );
      expect(response.status).toBe(403);
      expect((await response.json()).error).toMatchObject({
        code: "forbidden",
        message:
          "You are under 14: only a parent or guardian can make your profile public or change your age.",
      });
      expect(await me(alice)).toEqual(before);
    },
  );

  test("may still keep the profile private, restate the same age and change the rest", async () => {
    const response = await request(
      "/api/me",
      as(alice, { method: "PATCH", body: JSON.stringify({ profilePublic: false, age: 12 }) }),
    );
    expect(response.status).toBe(200);
  });

  test("an adult may change both", async () => {
    const adult = await signUpVerified(request, database.db, {
      name: "Carla Adult",
      email: "carla@example.com",
      address: "10.1.0.3",
      age: 30,
    });
    const response = await request(
      "/api/me",
      as(adult, { method: "PATCH", body: JSON.stringify({ age: 31, profilePublic: true }) }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ age: 31, profilePublic: true });
  });
});

test.each([
  ["text/plain", "name=Alice"],
  ["application/xml", "<name>Alice</name>"],
])("PATCH /api/me as %s is refused with 415 and changes nothing", async (type, body) => {
  const before = await me(alice);
  const response = await request(
    "/api/me",
    as(alice, { method: "PATCH", body, headers: { "content-type": type } }),
  );
  expect(response.status).toBe(415);
  expect((await response.json()).error.code).toBe("unsupported_media_type");
  expect(await me(alice)).toEqual(before);
});

test("errors are in the client's language", async () => {
  const response = await request(
    "/api/me",
    as(alice, {
      method: "PATCH",
      body: JSON.stringify({ age: 3 }),
      headers: { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" },
    }),
  );
  expect((await response.json()).error.message).toBe(
    "age: L’âge doit être un nombre entier de 4 à 120.",
  );
});

test("private answers are never cached", async () => {
  const response = await request("/api/me", as(alice));
  expect(response.headers.get("cache-control")).toBe("private, no-store");
});

describe("PUT /api/me/avatar", () => {
  let current: string;

  test("a picture is stored as a square JPEG and served from the site", async () => {
    const response = await request(
      "/api/me/avatar",
      as(bob, { method: "PUT", body: await jpeg(), headers: { "content-type": "image/jpeg" } }),
    );
    expect(response.status).toBe(200);
    current = (await response.json()).image;
    expect(current).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.jpg$/);
    const served = await request(current);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      width: 512,
      height: 512,
    });
  });

  test.each([
    [
      "a PDF renamed .jpg",
      () => Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< >>\nendobj\n%%EOF"),
      415,
    ],
    [
      "a JPEG with a script appended",
      async () => Buffer.concat([await jpeg(), Buffer.from("<script>alert(1)</script>")]),
      400,
    ],
    ["a 20,000 × 20,000 pixel PNG", async () => pngClaiming(20_000, 20_000), 413],
    ["a 6 MB file", async () => Buffer.concat([await jpeg(), Buffer.alloc(6 * 1024 * 1024)]), 413],
  ])("%s is refused with %i and the old picture stays", async (_name, file, status) => {
    const response = await request(
      "/api/me/avatar",
      as(bob, {
        method: "PUT",
        body: new Uint8Array(await file()),
        headers: { "content-type": "image/jpeg" },
      }),
    );
    expect(response.status).toBe(status);
    expect((await me(bob)).image).toBe(current);
    expect((await request(current)).status).toBe(200);
  });
});

test("player A cannot read or change player B", async () => {
  const bobBefore = await me(bob);
  await request(
    "/api/me",
    as(alice, { method: "PATCH", body: JSON.stringify({ name: "Not Bob" }) }),
  );
  expect(await me(bob)).toEqual(bobBefore);
  expect(JSON.stringify(await me(alice))).not.toContain("bob@example.com");
  // A forged id in the body or the address is ignored or refused.
  const forged = await request(
    "/api/me",
    as(alice, { method: "PATCH", body: JSON.stringify({ id: bobBefore.id, name: "Hacked" }) }),
  );
  expect(forged.status).toBe(400);
  expect((await request(`/api/me/${bobBefore.id}`, as(alice))).status).toBe(404);
  expect(await me(bob)).toEqual(bobBefore);
});

test("DELETE /api/me removes the player, their picture and their session", async () => {
  const { image } = await me(bob);
  const response = await request("/api/me", as(bob, { method: "DELETE" }));
  expect(response.status).toBe(204);
  expect(await database.db.select().from(user).where(eq(user.email, "bob@example.com"))).toEqual(
    [],
  );
  expect((await request(image)).status).toBe(404);
  expect((await request("/api/me", as(bob))).status).toBe(401);
});
