import { and, count, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { blogPost, blogPostSlug, blogPostText } from "../db/schema/blog.ts";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { auditChanges } from "../platform/audit-diff.ts";
import { AppError, type FieldProblem } from "../platform/errors.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { renderMarkdown } from "./markdown.server.ts";
import { type PostForm, type PostText, postText, textField } from "./post-form.ts";

/** A post as the console lists it, drafts included. */
export type StaffPostRow = {
  id: number;
  titles: Partial<Record<Locale, string>>;
  published: boolean;
  updatedAt: Date;
};

/** Every post, drafts included, the latest changed first, a page (1-based) of `limit` at a time. */
export async function staffPosts(
  db: Db,
  page: number,
  limit: number,
): Promise<{ rows: StaffPostRow[]; pages: number }> {
  const [total] = await db.select({ posts: count() }).from(blogPost);
  const rows = await db
    .select({
      id: blogPost.id,
      published: blogPost.published,
      updatedAt: blogPost.updatedAt,
      titles: sql<
        Partial<Record<Locale, string>>
      >`coalesce((select jsonb_object_agg(t.locale, t.title) from blog_post_text t where t.post_id = ${blogPost.id}), '{}'::jsonb)`,
    })
    .from(blogPost)
    .orderBy(desc(blogPost.updatedAt), desc(blogPost.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, pages: Math.max(1, Math.ceil((total?.posts ?? 0) / limit)) };
}

/** A post as the edit form opens it: every field, both languages (empty where a draft has none). */
export type StaffPost = {
  id: number;
  version: number;
  type: string;
  city: string;
  province: string;
  authorName: string;
  cover: string;
  published: boolean;
  publishedAt: Date | null;
  texts: Record<Locale, PostText>;
};

const EMPTY_TEXT: PostText = { slug: "", title: "", excerpt: "", body: "" };

export async function staffPost(db: Db | Tx, id: number, lock = false): Promise<StaffPost> {
  const query = db.select().from(blogPost).where(eq(blogPost.id, id));
  const [post] = await (lock ? query.for("update") : query);
  if (!post) throw new AppError("not_found");
  const texts = await db.select().from(blogPostText).where(eq(blogPostText.postId, id));
  return {
    id: post.id,
    version: post.version,
    type: post.type,
    city: post.city,
    province: post.province,
    authorName: post.authorName,
    cover: post.cover,
    published: post.published,
    publishedAt: post.publishedAt,
    texts: Object.fromEntries(
      LOCALES.map((locale) => {
        const row = texts.find((each) => each.locale === locale);
        return [
          locale,
          row
            ? { slug: row.slug, title: row.title, excerpt: row.excerpt, body: row.body }
            : EMPTY_TEXT,
        ];
      }),
    ) as Record<Locale, PostText>,
  };
}

/** Both languages' Markdown as the public page renders it (the same sanitizer), for the preview. */
export function previewPost(form: PostForm): Record<Locale, string> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, renderMarkdown(postText(form, locale).body)]),
  ) as Record<Locale, string>;
}

const isEmpty = (text: PostText) => !text.slug && !text.title && !text.excerpt && !text.body;

/**
 * What keeps the form from being saved: a language with any text needs its slug; publishing needs
 * every text of both languages and a cover.
 */
function problemsOf(form: PostForm, cover: string | undefined): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const locale of LOCALES) {
    const text = postText(form, locale);
    if (form.published) {
      for (const name of ["title", "slug", "excerpt", "body"] as const)
        if (!text[name])
          problems.push({
            field: textField(name, locale),
            message: "staff.content.problems.neededToPublish",
          });
    } else if (!isEmpty(text) && !text.slug)
      problems.push({ field: textField("slug", locale), message: "staff.content.problems.slug" });
  }
  if (!cover) problems.push({ field: "cover", message: "staff.content.problems.cover" });
  return problems;
}

/** A slug that another post has now in the same language: refused, naming the field. */
async function assertSlugsFree(tx: Tx, form: PostForm, postId: number | null) {
  for (const locale of LOCALES) {
    const { slug } = postText(form, locale);
    if (!slug) continue;
    const [taken] = await tx
      .select({ postId: blogPostText.postId })
      .from(blogPostText)
      .where(
        and(
          eq(blogPostText.locale, locale),
          eq(blogPostText.slug, slug),
          postId === null ? undefined : ne(blogPostText.postId, postId),
        ),
      );
    if (taken)
      throw new AppError("conflict", {
        message: "staff.content.problems.slugTaken",
        problems: [
          { field: textField("slug", locale), message: "staff.content.problems.slugTaken" },
        ],
      });
  }
}

/** The fields of blog_post the form sets. */
function postColumns(form: PostForm, cover: string) {
  return {
    type: form.type,
    city: form.city,
    province: form.province,
    searchLocation: normalizeForSearch(`${form.city} ${form.province}`),
    authorName: form.authorName,
    cover,
    published: form.published,
  };
}

/** Writes each language's text: a language left empty in a draft has no row. */
async function writeTexts(tx: Tx, postId: number, form: PostForm) {
  for (const locale of LOCALES) {
    const text = postText(form, locale);
    if (isEmpty(text)) {
      await tx
        .delete(blogPostText)
        .where(and(eq(blogPostText.postId, postId), eq(blogPostText.locale, locale)));
      continue;
    }
    const values = { ...text, searchTitle: normalizeForSearch(text.title) };
    await tx
      .insert(blogPostText)
      .values({ postId, locale, ...values })
      .onConflictDoUpdate({ target: [blogPostText.postId, blogPostText.locale], set: values });
  }
  // A slug taken (again) by a post is its address now, no longer an old one redirecting elsewhere.
  const slugs = LOCALES.map((locale) => ({ locale, slug: postText(form, locale).slug })).filter(
    (each) => each.slug,
  );
  if (slugs.length > 0)
    await tx
      .delete(blogPostSlug)
      .where(
        or(
          ...slugs.map(({ locale, slug }) =>
            and(eq(blogPostSlug.locale, locale), eq(blogPostSlug.slug, slug)),
          ),
        ),
      );
}

/** The audit's view of a post: its fields, texts by language, long bodies hashed. */
function auditView(post: Omit<StaffPost, "id" | "version" | "publishedAt">) {
  const { texts, ...fields } = post;
  return {
    ...fields,
    ...Object.fromEntries(
      LOCALES.flatMap((locale) =>
        Object.entries(texts[locale]).map(([name, value]) => [`${name}_${locale}`, value]),
      ),
    ),
  };
}

function formView(form: PostForm, cover: string) {
  return {
    type: form.type,
    city: form.city,
    province: form.province,
    authorName: form.authorName,
    cover,
    published: form.published,
    texts: Object.fromEntries(LOCALES.map((locale) => [locale, postText(form, locale)])) as Record<
      Locale,
      PostText
    >,
  };
}

/**
 * Saves a post from the staff form, inside the caller's staff transaction: a new one when `id` is
 * null, else a conditional UPDATE on the version the form was opened with (409 naming who saved
 * first). `newCover` is an uploaded cover already cleaned and stored. A published post whose slug
 * changes keeps the old one, which then redirects. `published_at` is set when first published.
 */
export async function savePost(
  tx: Tx,
  id: number | null,
  form: PostForm,
  newCover: string | undefined,
): Promise<{ audit: AuditEntry; result: { id: number } }> {
  const before = id === null ? null : await staffPost(tx, id, true);
  const cover = newCover ?? before?.cover;
  const problems = problemsOf(form, cover);
  if (problems.length > 0 || !cover) throw new AppError("invalid_parameters", { problems });
  await assertSlugsFree(tx, form, id);

  if (before === null) {
    const [created] = await tx
      .insert(blogPost)
      .values({
        ...postColumns(form, cover),
        rating: "0.0",
        publishedAt: form.published ? sql`now()` : null,
        version: 1,
      })
      .returning({ id: blogPost.id });
    if (!created) throw new Error("The post was not created.");
    await writeTexts(tx, created.id, form);
    return {
      audit: {
        action: "blog_post.create",
        target: { kind: "blog_post", id: created.id },
        after: auditChanges({}, auditView(formView(form, cover))).after,
      },
      result: { id: created.id },
    };
  }

  const [updated] = await tx
    .update(blogPost)
    .set({
      ...postColumns(form, cover),
      publishedAt: sql`coalesce(${blogPost.publishedAt}, case when ${form.published} then now() end)`,
      updatedAt: sql`now()`,
      version: sql`${blogPost.version} + 1`,
    })
    .where(and(eq(blogPost.id, before.id), eq(blogPost.version, form.version ?? -1)))
    .returning({ id: blogPost.id });
  if (!updated) throw await actedFirst(tx, { kind: "blog_post", id: before.id });
  if (before.published) {
    // The old addresses of a published post were seen by visitors and search engines: they redirect.
    const retired = LOCALES.map((locale) => ({
      locale,
      slug: before.texts[locale].slug,
      postId: before.id,
    })).filter(({ locale, slug }) => slug && slug !== postText(form, locale).slug);
    if (retired.length > 0)
      await tx
        .insert(blogPostSlug)
        .values(retired)
        .onConflictDoUpdate({
          target: [blogPostSlug.locale, blogPostSlug.slug],
          set: { postId: before.id, retiredAt: sql`now()` },
        });
  }
  await writeTexts(tx, before.id, form);
  return {
    audit: {
      action: "blog_post.update",
      target: { kind: "blog_post", id: before.id },
      ...auditChanges(auditView(before), auditView(formView(form, cover))),
    },
    result: { id: before.id },
  };
}
