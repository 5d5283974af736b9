import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { business } from "../../db/schema/directory.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";

// "Add your business" through the built site: who may open it, the page a new listing leads to,
// and the limit that counts every attempt, refused ones too.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};

async function player(name: string, address: string, age: number) {
  const email = `${name}@example.com`;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name} Tester`,
    email,
    address,
  });
  await database.db.update(user).set({ age }).where(eq(user.email, email));
}

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await player("adult", "10.41.0.1", 30);
  await player("stranger", "10.41.0.2", 30);
  await player("teen", "10.41.0.3", 16);
});

afterAll(() => database.close());

const get = (who: string | null, path: string) =>
  request(path, { redirect: "manual", headers: { cookie: who ? (cookies[who] ?? "") : "" } });

const post = (who: string, fields: Record<string, string>) =>
  request("/businesses/new", {
    method: "POST",
    headers: {
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookies[who] ?? "",
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

const FILLED = {
  name: "Garage du Coin",
  category: "automotive",
  address: "3 avenue du Parc",
  city: "Québec",
  province: "QC",
  postalCode: "G1R 2B5",
  email: "garage@example.ca",
  descriptionEn: "Tires and brakes.",
  opensAt: "08:00",
  closesAt: "17:00",
};

test("a visitor is sent to sign in; a player under 18 is told owners are adults and cannot send it", async () => {
  const visitor = await get(null, "/fr/businesses/new");
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("location")).toBe("/fr/login?redirectTo=%2Ffr%2Fbusinesses%2Fnew");
  expect(await (await get("teen", "/businesses/new")).text()).toContain(
    "Business owners must be adults",
  );
  expect((await post("teen", FILLED)).status).toBe(403);
  expect(await database.db.select().from(business)).toEqual([]);
});

test("a new listing leads to its page, which only its submitter sees", async () => {
  const sent = await post("adult", FILLED);
  expect(sent.status).toBe(302);
  const path = sent.headers.get("location") as string;
  expect(path).toMatch(/^\/businesses\/\d+$/);
  expect((await get("stranger", path)).status).toBe(404);
  expect((await get(null, path)).status).toBe(404);
  const own = await get("adult", path);
  expect(own.status).toBe(200);
  expect(await own.text()).toContain("Waiting for review");
});

test("every attempt counts, refused ones too: the sixth in a day is refused", async () => {
  // The adult sent one above; four refused forms, then the sixth attempt.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    expect((await post("adult", { ...FILLED, postalCode: "nope" })).status).toBe(400);
  }
  const refused = await post("adult", FILLED);
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(await database.db.select().from(business)).toHaveLength(1);
});
