import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { timeCursor } from "../platform/query.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { getPost, latestPosts, searchPosts } from "./posts.server.ts";
import { seedBlogPosts } from "./seed.server.ts";
import { fixturePost } from "./test-fixtures.ts";

let database: DatabaseHandle;
const all = { title: "", location: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBlogPosts(database.db, [
    fixturePost({
      key: "carnival",
      title: "Winter Carnival with children",
      titleFr: "Le Carnaval avec les enfants",
      city: "Québec",
      province: "QC",
      publishedAt: "2026-01-12",
      "en-CA": {
        slug: "winter-carnival",
        title: "Winter Carnival with children",
        excerpt: "An excerpt long enough to read as one, for the tests of the blog.",
      },
      "fr-CA": {
        slug: "carnaval-d-hiver",
        title: "Le Carnaval avec les enfants",
        excerpt: "Un extrait assez long pour en être un, pour les tests du blogue.",
      },
      body: { "en-CA": "# Big\n\nText with <script>x()</script>.", "fr-CA": "Du texte." },
    }),
    fixturePost({
      key: "math",
      title: "Grocery math",
      type: "family-learning",
      publishedAt: "2026-02-01",
    }),
    fixturePost({
      key: "rain",
      title: "A rainy day in Vancouver",
      type: "city-guides",
      city: "Vancouver",
      province: "BC",
      publishedAt: "2026-03-01",
    }),
    fixturePost({ key: "tomorrow", title: "Not yet", publishedAt: "2999-01-01" }),
    ...Array.from({ length: 9 }, (_, index) =>
      fixturePost({ key: `filler-${index}`, title: `Filler ${index}`, publishedAt: "2025-06-01" }),
    ),
  ]);
});

afterAll(() => database.close());

const search = (
  criteria: Partial<{ title: string; location: string; type: "events" | "city-guides" }>,
  locale: "en-CA" | "fr-CA" = "en-CA",
) =>
  searchPosts(
    database.db,
    locale,
    {
      ...all,
      ...criteria,
      title: normalizeForSearch(criteria.title ?? ""),
      location: normalizeForSearch(criteria.location ?? ""),
    },
    { limit: 20 },
    new Date(),
  );

describe("searching posts", () => {
  test("newest first, in the page's language, posts dated in the future left out", async () => {
    const page = await search({});
    expect(page.items).toHaveLength(12);
    expect(page.items.slice(0, 3).map((post) => post.title)).toEqual([
      "A rainy day in Vancouver",
      "Grocery math",
      "Winter Carnival with children",
    ]);
    const french = await search({}, "fr-CA");
    expect(french.items[2]).toMatchObject({ slug: "carnaval-d-hiver", locale: "fr-CA" });
  });

  test("title, location and type all apply, ignoring case and accents", async () => {
    expect((await search({ title: "CARNIVAL" })).items.map((post) => post.slug)).toEqual([
      "winter-carnival",
    ]);
    expect((await search({ title: "carnaval" }, "fr-CA")).items).toHaveLength(1);
    expect((await search({ location: "quebec qc" })).items).toHaveLength(1);
    expect((await search({ type: "city-guides" })).items.map((post) => post.city)).toEqual([
      "Vancouver",
    ]);
    expect((await search({ type: "city-guides", location: "toronto" })).items).toEqual([]);
  });

  test("a percent sign is a character, not a wildcard", async () => {
    expect((await search({ title: "%" })).items).toEqual([]);
  });

  test("pages follow each other without repeating or skipping a post", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await searchPosts(
        database.db,
        "en-CA",
        all,
        {
          limit: 5,
          cursor: cursor ? timeCursor.decode(cursor) : undefined,
        },
        new Date(),
      );
      seen.push(...page.items.map((post) => post.slug));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
  });

  test("reading time is counted from the body", async () => {
    const [first] = (await search({ title: "carnival" })).items;
    expect(first?.readingMinutes).toBe(1);
  });
});

describe("one post", () => {
  test("found by its slug, with its HTML sanitized and its slug in each language", async () => {
    const found = await getPost(database.db, "winter-carnival", "en-CA");
    expect(found.found).toBe("post");
    if (found.found !== "post") return;
    expect(found.post.slugs).toEqual({ "en-CA": "winter-carnival", "fr-CA": "carnaval-d-hiver" });
    expect(found.post.html).toBe("<h2>Big</h2>\n<p>Text with .</p>\n");
  });

  test("the other language's slug says where the post is in this language", async () => {
    expect(await getPost(database.db, "winter-carnival", "fr-CA")).toEqual({
      found: "other-language",
      slug: "carnaval-d-hiver",
    });
    expect(await getPost(database.db, "carnaval-d-hiver", "en-CA")).toEqual({
      found: "other-language",
      slug: "winter-carnival",
    });
  });

  test("without a language, the slug's own", async () => {
    const found = await getPost(database.db, "carnaval-d-hiver");
    expect(found.found === "post" && found.post.locale).toBe("fr-CA");
  });

  test("an unknown slug, or a post not yet published, is not_found", async () => {
    await expect(getPost(database.db, "no-such-post", "en-CA")).rejects.toMatchObject({
      code: "not_found",
    });
    const future = (await latestPosts(database.db, "en-CA", 50)).map((post) => post.title);
    expect(future).not.toContain("Not yet");
  });
});

test("seeding again adds nothing", async () => {
  expect(await seedBlogPosts(database.db, [fixturePost({ key: "carnival" })])).toBe(0);
});
