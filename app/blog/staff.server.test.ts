import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { blogPost } from "../db/schema/blog.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { validate } from "../platform/input.server.ts";
import { postFormSchema } from "./post-form.ts";
import { getPost, latestPosts, postSlugsAfter, searchPosts } from "./posts.server.ts";
import { seedBlogPosts } from "./seed.server.ts";
import { savePost, staffPost } from "./staff.server.ts";
import { fixturePost } from "./test-fixtures.ts";

let database: DatabaseHandle;
let seededId: number;
const seeded = fixturePost({ key: "seeded", title: "Seeded title" });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBlogPosts(database.db, [seeded]);
  const [row] = await database.db.select({ id: blogPost.id }).from(blogPost);
  seededId = row?.id ?? 0;
});

afterAll(() => database.close());

/** The staff form as a browser sends it, with both languages filled in. */
function form(overrides: Record<string, string | undefined> = {}) {
  return validate(postFormSchema, {
    intent: "save",
    type: "events",
    city: "Québec",
    province: "QC",
    authorName: "Alex Martin",
    published: "on",
    "title_en-CA": "A title",
    "slug_en-CA": "a-title",
    "excerpt_en-CA": "A summary.",
    "body_en-CA": "Some **text**.",
    "title_fr-CA": "Un titre",
    "slug_fr-CA": "un-titre",
    "excerpt_fr-CA": "Un résumé.",
    "body_fr-CA": "Du **texte**.",
    ...overrides,
  });
}

const save = (id: number | null, sent: Awaited<ReturnType<typeof form>>, cover?: string) =>
  database.db.transaction((tx) => savePost(tx, id, sent, cover));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; options?: { problems?: { field: string }[] } }) => ({
      code: error.code,
      field: error.options?.problems?.[0]?.field,
    }),
  );

const now = new Date();

test("a draft may be incomplete and is invisible to the public page, lists, feed and sitemap", async () => {
  const draft = await form({
    published: undefined,
    "title_fr-CA": "",
    "slug_fr-CA": "",
    "excerpt_fr-CA": "",
    "body_fr-CA": "",
    "slug_en-CA": "secret-draft",
  });
  const { audit, result } = await save(null, draft, "/images/x.jpg");
  expect(audit).toMatchObject({ action: "blog_post.create", target: { kind: "blog_post" } });
  const post = await staffPost(database.db, result.id);
  expect(post.published).toBe(false);
  expect(post.publishedAt).toBeNull();
  expect(post.texts["fr-CA"].slug).toBe("");
  await expect(getPost(database.db, "secret-draft", "en-CA")).rejects.toMatchObject({
    code: "not_found",
  });
  const listed = await searchPosts(
    database.db,
    "en-CA",
    { title: "", location: "" },
    { limit: 50 },
    now,
  );
  expect(listed.items.map((item) => item.slug)).not.toContain("secret-draft");
  expect((await latestPosts(database.db, "en-CA", 50)).map((item) => item.slug)).not.toContain(
    "secret-draft",
  );
  expect((await postSlugsAfter(database.db, "en-CA", 0, 50)).map((row) => row.slug)).not.toContain(
    "secret-draft",
  );
});

test("publishing needs every text in both languages and a cover, and sets published_at once", async () => {
  expect(await refusal(save(null, await form({ "body_fr-CA": "" }), "/images/x.jpg"))).toEqual({
    code: "invalid_parameters",
    field: "body_fr-CA",
  });
  expect(await refusal(save(null, await form({ "slug_en-CA": "cover-less" })))).toEqual({
    code: "invalid_parameters",
    field: "cover",
  });
  const { result } = await save(null, await form(), "/images/x.jpg");
  const first = await staffPost(database.db, result.id);
  expect(first.publishedAt).toBeInstanceOf(Date);
  await save(result.id, await form({ version: String(first.version), "title_en-CA": "Renamed" }));
  const second = await staffPost(database.db, result.id);
  expect(second.publishedAt).toEqual(first.publishedAt);
  expect(second.version).toBe(first.version + 1);
});

test("a slug is refused when badly formed or another post has it in that language", async () => {
  expect(await refusal(form({ "slug_en-CA": "Not A Slug!" }))).toMatchObject({
    code: "invalid_parameters",
    field: "slug_en-CA",
  });
  const taken = await refusal(
    save(null, await form({ "slug_en-CA": seeded["en-CA"].slug }), "/images/x.jpg"),
  );
  expect(taken).toEqual({ code: "conflict", field: "slug_en-CA" });
  // The seeded post's English slug, taken in French, is free: uniqueness is per language.
  const { result } = await save(
    null,
    await form({ "slug_en-CA": "other-title", "slug_fr-CA": seeded["en-CA"].slug }),
    "/images/x.jpg",
  );
  expect(result.id).toBeGreaterThan(0);
});

test("changing a published post's slug keeps the old one as a redirect; the edit records its changes", async () => {
  const before = await staffPost(database.db, seededId);
  const { audit } = await save(
    seededId,
    await form({
      version: String(before.version),
      "title_fr-CA": "Nouveau titre",
      "slug_fr-CA": "nouveau-titre",
      "title_en-CA": before.texts["en-CA"].title,
      "slug_en-CA": before.texts["en-CA"].slug,
      "excerpt_en-CA": before.texts["en-CA"].excerpt,
      "body_en-CA": "x".repeat(500),
    }),
  );
  expect(audit.action).toBe("blog_post.update");
  expect(audit.before).toMatchObject({
    "title_fr-CA": seeded["fr-CA"].title,
    "slug_fr-CA": seeded["fr-CA"].slug,
  });
  expect(audit.after).toMatchObject({
    "title_fr-CA": "Nouveau titre",
    // A long body is recorded by its length and hash, not copied.
    "body_en-CA": { length: 500, sha256: expect.stringMatching(/^[0-9a-f]{16}$/) },
  });
  expect(audit.after).not.toHaveProperty("slug_en-CA");
  expect(await getPost(database.db, seeded["fr-CA"].slug, "fr-CA")).toEqual({
    found: "moved",
    slug: "nouveau-titre",
  });
  const found = await getPost(database.db, "nouveau-titre", "fr-CA");
  expect(found.found === "post" && found.post.title).toBe("Nouveau titre");
});

test("of two staff saving the same version, the second gets the 409", async () => {
  const post = await staffPost(database.db, seededId);
  const sent = await form({
    version: String(post.version),
    "slug_fr-CA": "nouveau-titre",
    "slug_en-CA": post.texts["en-CA"].slug,
  });
  await save(seededId, { ...sent, "title_en-CA": "First" });
  expect(await refusal(save(seededId, { ...sent, "title_en-CA": "Second" }))).toMatchObject({
    code: "conflict",
  });
  expect((await staffPost(database.db, seededId)).texts["en-CA"].title).toBe("First");
});

test("seeding again never overwrites a post staff edited", async () => {
  await seedBlogPosts(database.db, [
    { ...seeded, event: { startsOn: "2030-01-01", endsOn: "2030-01-02" } },
  ]);
  const [row] = await database.db
    .select({ startsOn: blogPost.eventStartsOn })
    .from(blogPost)
    .where(eq(blogPost.id, seededId));
  expect(row?.startsOn).toBeNull();
  const post = await staffPost(database.db, seededId);
  expect(post.texts["en-CA"].title).toBe("First");
  expect(post.texts["fr-CA"].slug).toBe("nouveau-titre");
});
