import fs from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { blogPost, blogPostText } from "../db/schema/blog.ts";
import { LOCALES } from "../i18n/locale.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { type BlogPostContent, blogPostFileSchema } from "./content.ts";

/** Reads every post folder under `content/blog`; a bad file stops with its name. */
export async function readBlogContent(contentDir: string): Promise<BlogPostContent[]> {
  const folder = path.join(contentDir, "blog");
  const entries = await fs.readdir(folder, { withFileTypes: true });
  const keys = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return Promise.all(
    keys.sort().map(async (key) => {
      const file = path.join(folder, key, "post.json");
      const parsed = blogPostFileSchema.safeParse(JSON.parse(await fs.readFile(file, "utf8")));
      if (!parsed.success) {
        throw new Error(
          `${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
        );
      }
      const [en, fr] = await Promise.all(
        LOCALES.map((locale) => fs.readFile(path.join(folder, key, `${locale}.md`), "utf8")),
      );
      return { ...parsed.data, key, body: { "en-CA": en ?? "", "fr-CA": fr ?? "" } };
    }),
  );
}

/**
 * Adds every content post that is not there yet (by key) with its two texts; posts already present
 * are left as they are but for their event's days, which the content keeps (so a database seeded
 * before posts had them gets them) unless staff edited the post, and running it twice changes
 * nothing. A post staff changed or wrote is never overwritten or removed.
 */
export async function seedBlogPosts(db: Database, posts: BlogPostContent[]): Promise<number> {
  let added = 0;
  await db.transaction(async (tx) => {
    for (const post of posts) {
      const eventDays = {
        eventStartsOn: post.event?.startsOn ?? null,
        eventEndsOn: post.event?.endsOn ?? null,
      };
      const [row] = await tx
        .insert(blogPost)
        .values({
          key: post.key,
          type: post.type,
          city: post.city,
          province: post.province,
          searchLocation: normalizeForSearch(`${post.city} ${post.province}`),
          rating: post.rating.toFixed(1),
          authorName: post.author,
          cover: `/images/blog/${post.cover}.svg`,
          publishedAt: new Date(`${post.publishedAt}T12:00:00Z`),
          updatedAt: new Date(`${post.publishedAt}T12:00:00Z`),
          ...eventDays,
        })
        .onConflictDoNothing({ target: blogPost.key })
        .returning({ id: blogPost.id });
      if (!row) {
        // A post staff edited (version > 0) is theirs now: seeding never writes over it.
        await tx
          .update(blogPost)
          .set(eventDays)
          .where(and(eq(blogPost.key, post.key), eq(blogPost.version, 0)));
        continue;
      }
      added += 1;
      await tx.insert(blogPostText).values(
        LOCALES.map((locale) => ({
          postId: row.id,
          locale,
          slug: post[locale].slug,
          title: post[locale].title,
          searchTitle: normalizeForSearch(post[locale].title),
          excerpt: post[locale].excerpt,
          body: post.body[locale],
        })),
      );
    }
  });
  return added;
}
