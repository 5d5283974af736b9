import { afterAll, beforeAll, expect, test } from "vitest";
import { seedBlogPosts } from "../../blog/seed.server.ts";
import { fixturePost } from "../../blog/test-fixtures.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { createTestHost } from "../../platform/test-host.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;

// Days far from any real today, as the route takes its clock from the request's time.
beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db);
  await seedBlogPosts(database.db, [
    fixturePost({ title: "Long over", event: { startsOn: "2020-02-01", endsOn: "2020-02-03" } }),
    fixturePost({ title: "Far ahead", event: { startsOn: "2999-07-01", endsOn: "2999-07-01" } }),
    fixturePost({ title: "A guide", type: "city-guides" }),
  ]);
});

afterAll(() => database.close());

const titles = async (query: string) => {
  const response = await request(`/api/blogs?locale=en-CA&${query}`);
  expect(response.status).toBe(200);
  return (await response.json()).items.map((post: { title: string }) => post.title);
};

test("GET /api/blogs?when= lists upcoming or past events, with their days", async () => {
  expect(await titles("when=upcoming")).toEqual(["Far ahead"]);
  expect(await titles("type=events&when=past")).toEqual(["Long over"]);
  const [far] = (await (await request("/api/blogs?locale=en-CA&when=upcoming")).json()).items;
  expect(far.event).toEqual({ startsOn: "2999-07-01", endsOn: "2999-07-01" });
  const guide = (await (await request("/api/blogs?locale=en-CA&type=city-guides")).json()).items;
  expect(guide).toMatchObject([{ title: "A guide", event: null }]);
});

test("a made-up when, or when with another type, is a 400 naming it", async () => {
  for (const query of ["when=soon", "type=city-guides&when=past"]) {
    const refused = await request(`/api/blogs?${query}`);
    expect(refused.status, query).toBe(400);
    const { error } = await refused.json();
    expect(error.code).toBe("invalid_parameters");
    expect(error.message).toMatch(/^when: /);
  }
});

test("a cursor of a day PostgreSQL does not have is refused, not a 500", async () => {
  for (const day of ["0000-01-01", "2026-02-30"]) {
    const cursor = Buffer.from(`${day}T00:00:00Z|1`).toString("base64url");
    for (const when of ["", "upcoming", "past"]) {
      const response = await request(`/api/blogs?when=${when}&cursor=${cursor}`);
      expect(response.status, `${day} ${when}`).toBe(400);
    }
  }
});
