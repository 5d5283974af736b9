import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedBusinesses } from "../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../directory/test-fixtures.ts";
import { createTestHost } from "../../platform/test-host.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile(
      "restaurants",
      Array.from({ length: 7 }, (_, index) =>
        fixtureBusiness({
          name: `Bistro ${index + 1}`,
          city: index < 3 ? "Montréal" : "Halifax",
          province: index < 3 ? "QC" : "NS",
          rating: 4 + index / 10,
        }),
      ),
    ),
    fixtureFile("automotive", [
      fixtureBusiness({ name: "Garage Lapointe", city: "Québec", province: "QC" }),
    ]),
  ]);
  request = await createTestHost(database.db);
});

afterAll(() => database.close());

async function json(pathname: string, init?: RequestInit) {
  const response = await request(pathname, init);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: await response.json(),
  };
}

describe("GET /api/businesses", () => {
  test("reads a location as the page does: a city and its province, or a province's name", async () => {
    const names = async (location: string) =>
      (await json(`/api/businesses?location=${encodeURIComponent(location)}`)).body.items.map(
        (item: { name: string }) => item.name,
      );
    expect(await names("Montréal, QC")).toEqual(["Bistro 3", "Bistro 2", "Bistro 1"]);
    expect(await names("Nouvelle-Écosse")).toEqual([
      "Bistro 7",
      "Bistro 6",
      "Bistro 5",
      "Bistro 4",
    ]);
    expect(await names("Halifax, QC")).toEqual([]);
  });

  test("filters by title, location and category together", async () => {
    const { status, body } = await json(
      "/api/businesses?title=BISTRO&location=montreal&category=Restaurants",
    );
    expect(status).toBe(200);
    expect(body.items.map((item: { name: string }) => item.name)).toEqual([
      "Bistro 3",
      "Bistro 2",
      "Bistro 1",
    ]);
    expect(body.nextCursor).toBeNull();
    expect(body.items[0]).toMatchObject({
      city: "Montréal",
      province: "QC",
      category: "restaurants",
      rating: 4.2,
    });
    expect(body.items[0]).not.toHaveProperty("searchName");
  });

  test("each item says whether it is claimed: an owner's row marks it", async () => {
    const claimedOf = async () =>
      new Map(
        (await json("/api/businesses?title=bistro")).body.items.map(
          (item: { name: string; claimed: boolean }) => [item.name, item.claimed],
        ),
      );
    expect([...(await claimedOf()).values()]).toEqual(Array(7).fill(false));
    await database.db.execute(sql`
      insert into "user" (id, name, email, handle, age) values ('api-owner', 'Owner', 'api-owner@example.com', 'api-owner', 30);
      insert into business_owner (business_id, user_id, via)
        select id, 'api-owner', 'code' from business where name = 'Bistro 4'`);
    const after = await claimedOf();
    expect(after.get("Bistro 4")).toBe(true);
    expect([...after.values()].filter(Boolean)).toHaveLength(1);
    await database.db.execute(sql`delete from "user" where id = 'api-owner'`);
    expect((await claimedOf()).get("Bistro 4")).toBe(false);
  });

  test("category accepts the slug and 'All Categories'", async () => {
    expect((await json("/api/businesses?category=automotive")).body.items).toHaveLength(1);
    expect((await json("/api/businesses?category=All%20Categories")).body.items).toHaveLength(8);
  });

  test("pages to the end with nextCursor, each business once", async () => {
    const seen: string[] = [];
    let next = "/api/businesses?limit=3";
    for (;;) {
      const { status, body } = await json(next);
      expect(status).toBe(200);
      seen.push(...body.items.map((item: { name: string }) => item.name));
      if (!body.nextCursor) break;
      next = `/api/businesses?limit=3&cursor=${body.nextCursor}`;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });

  test.each([
    ["limit=0", "limit"],
    ["limit=51", "limit"],
    ["limit=abc", "limit"],
    ["cursor=not-a-cursor", "cursor"],
    ["category=Spaceships", "category"],
    [`title=${"x".repeat(101)}`, "title"],
    [`location=${"x".repeat(101)}`, "location"],
  ])("%s is a 400 that names %s", async (query, field) => {
    const { status, type, body } = await json(`/api/businesses?${query}`);
    expect(status).toBe(400);
    expect(type).toMatch(/application\/json/);
    expect(body.error.code).toBe("invalid_parameters");
    expect(body.error.message).toContain(field);
  });

  test("odd but harmless input is just a search", async () => {
    for (const query of [
      "title=%27%3B%20drop%20table%20business%3B--",
      "title=%E2%9C%93%F0%9F%8D%81",
      "title=\\",
      "unknown=1",
    ]) {
      expect((await json(`/api/businesses?${query}`)).status).toBe(200);
    }
  });

  test("other methods are refused", async () => {
    const { status, body } = await json("/api/businesses", { method: "POST" });
    expect(status).toBe(405);
    expect(body.error.code).toBe("method_not_allowed");
  });
});

describe("GET /api/businesses/{id}", () => {
  test("a known id gives the whole business; its reviews are a page of their own", async () => {
    const [first] = (await json("/api/businesses?title=garage")).body.items;
    const { status, body } = await json(`/api/businesses/${first.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "Garage Lapointe",
      products: [{ priceCents: 500 }, { priceCents: 900 }],
      reviewCount: 1,
    });
    const reviews = await json(`/api/businesses/${first.id}/reviews`);
    expect(reviews.body.items).toMatchObject([{ author: { name: "Sam T." }, rating: 4 }]);
  });

  test.each(["999999", "0", "abc", "1.5", "-1", "99999999999999"])("id %s is a 404", async (id) => {
    const { status, body } = await json(`/api/businesses/${id}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});

test("GET /api/categories counts places per category", async () => {
  const { body } = await json("/api/categories");
  expect(body.items).toHaveLength(8);
  expect(body.items[0]).toEqual({ slug: "restaurants", name: "Restaurants", places: 7 });
  expect(body.items.find((item: { slug: string }) => item.slug === "automotive").places).toBe(1);
});

test("an unknown API address is a JSON 404", async () => {
  const { status, body } = await json("/api/nothing/here");
  expect(status).toBe(404);
  expect(body.error.code).toBe("not_found");
});
