import { type PostForm, postFormSchema, textField } from "../../blog/post-form.ts";
import { previewPost, savePost, staffPost } from "../../blog/staff.server.ts";
import { BLOG_TYPES } from "../../blog/types.ts";
import { LOCALES, type Locale } from "../../i18n/locale.ts";
import { pageMessagesWithScripts } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormOutcome } from "../../platform/api.ts";
import { saveContentPicture } from "../../platform/content-pictures.server.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { validate } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import {
  ContentEditPage,
  LanguageColumns,
  PictureField,
} from "../../staff/components/content-form.tsx";
import {
  CONTENT_ROLE,
  contentIdOf,
  contentSave,
  contentWrite,
} from "../../staff/content-write.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { useProvinceOptions } from "../../ui/use-province-options.ts";
import type { Route } from "./+types/content-post";

/** `/staff/content/posts/new` (no id) or a post's id. */
const postIdOf = (param: string | undefined) => (param === undefined ? null : contentIdOf(param));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const id = postIdOf(params.id);
  const post = id === null ? null : await staffPost(context.get(databaseContext), id);
  return { post, messages: pageMessagesWithScripts({ request, context }, "blog") };
}

export function action({ request, context, params }: Route.ActionArgs) {
  const id = postIdOf(params.id);
  return contentSave({ request, context }, async ({ staff, raw, sent }) => {
    const form: PostForm = await validate(postFormSchema, raw);
    // A preview keeps what was typed in the form.
    if (form.intent === "preview") return { preview: previewPost(form), sent };
    const cover =
      form.cover && form.cover.size > 0
        ? await saveContentPicture(context.get(storageContext), form.cover, "blogCover")
        : undefined;
    const saved = await contentWrite(context, staff, (tx) => savePost(tx, id, form, cover));
    return `/staff/content/posts/${saved.id}`;
  });
}

const FIELDS = [
  "type",
  "city",
  "province",
  "authorName",
  "cover",
  "published",
  ...LOCALES.flatMap((locale) =>
    (["title", "slug", "excerpt", "body"] as const).map((name) => textField(name, locale)),
  ),
];

export default function StaffPost({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const provinces = useProvinceOptions();
  const locale = useLocale();
  const { post } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "post-problem", FIELDS);
  const sent = result?.sent;
  // A refused or previewed form shows what was typed; otherwise the post as saved.
  const value = (name: string, saved: string | undefined) => sent?.[name] ?? saved ?? "";
  const text = (name: "title" | "slug" | "excerpt" | "body", locale: Locale) =>
    value(textField(name, locale), post?.texts[locale][name]);
  const published = sent ? sent.published === "on" : (post?.published ?? false);
  const heading = post
    ? t("staff.content.posts.editHeading", {
        title:
          post.texts[locale].title ||
          post.texts["en-CA"].title ||
          t("staff.content.posts.untitled"),
      })
    : t("staff.content.posts.newHeading");
  return (
    <ContentEditPage
      title={t(post ? "staff.content.posts.editTitle" : "staff.content.posts.newTitle")}
      back={{ href: to("/staff/content/posts"), label: t("staff.content.posts.heading") }}
      heading={heading}
      result={result}
      problem={problem}
      version={post?.version}
      multipart
      actions={
        <>
          <button type="submit" name="intent" value="save" className={primaryButton}>
            {t("staff.content.save")}
          </button>
          <button type="submit" name="intent" value="preview" className={secondaryButton}>
            {t("staff.content.posts.preview")}
          </button>
        </>
      }
      below={
        result?.preview && (
          <section aria-labelledby="preview-heading" className="mt-8">
            <h2 id="preview-heading" className="text-xl font-bold">
              {t("staff.content.posts.previewHeading")}
            </h2>
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              {LOCALES.map((locale) => (
                <div
                  key={locale}
                  lang={locale.slice(0, 2)}
                  className="post-body min-w-0 rounded-xl p-4 ring-1 ring-slate-200"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized on the server like the public page (blog/markdown.server.ts).
                  dangerouslySetInnerHTML={{ __html: result.preview[locale] }}
                />
              ))}
            </div>
          </section>
        )
      }
    >
      <LanguageColumns
        render={(locale) => (
          <>
            <TextField
              id={`title-${locale}`}
              name={textField("title", locale)}
              label={t("staff.content.posts.postTitle")}
              defaultValue={text("title", locale)}
              maxLength={120}
              {...problem.field(textField("title", locale))}
              problem={problem.message(textField("title", locale))}
            />
            <TextField
              id={`slug-${locale}`}
              name={textField("slug", locale)}
              label={t("staff.content.posts.slug")}
              hint={t("staff.content.posts.slugHint")}
              defaultValue={text("slug", locale)}
              maxLength={120}
              autoCapitalize="none"
              spellCheck={false}
              {...problem.field(textField("slug", locale))}
              problem={problem.message(textField("slug", locale))}
            />
            <TextArea
              id={`excerpt-${locale}`}
              name={textField("excerpt", locale)}
              label={t("staff.content.posts.excerpt")}
              defaultValue={text("excerpt", locale)}
              rows={3}
              maxLength={300}
              {...problem.field(textField("excerpt", locale))}
              problem={problem.message(textField("excerpt", locale))}
            />
            <TextArea
              id={`body-${locale}`}
              name={textField("body", locale)}
              label={t("staff.content.posts.body")}
              defaultValue={text("body", locale)}
              rows={14}
              className="font-mono text-sm"
              {...problem.field(textField("body", locale))}
              problem={problem.message(textField("body", locale))}
            />
          </>
        )}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="type" className="font-medium text-slate-800">
            {t("staff.content.posts.type")}
          </label>
          <select
            id="type"
            name="type"
            defaultValue={value("type", post?.type)}
            className="rounded-lg border border-slate-300 px-3 py-3"
            {...problem.field("type")}
          >
            {BLOG_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`staff.content.posts.types.${type}`)}
              </option>
            ))}
          </select>
          {problem.message("type")}
        </div>
        <TextField
          id="author"
          name="authorName"
          label={t("staff.content.posts.author")}
          defaultValue={value("authorName", post?.authorName)}
          maxLength={80}
          {...problem.field("authorName")}
          problem={problem.message("authorName")}
        />
        <TextField
          id="city"
          name="city"
          label={t("staff.content.posts.city")}
          defaultValue={value("city", post?.city)}
          maxLength={80}
          {...problem.field("city")}
          problem={problem.message("city")}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="province" className="font-medium text-slate-800">
            {t("staff.content.posts.province")}
          </label>
          <select
            id="province"
            name="province"
            defaultValue={value("province", post?.province) || "ON"}
            className="rounded-lg border border-slate-300 px-3 py-3"
            {...problem.field("province")}
          >
            {provinces.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          {problem.message("province")}
        </div>
      </div>
      <PictureField
        id="cover"
        label={t("staff.content.posts.cover")}
        current={
          post?.cover
            ? { src: post.cover, width: 240, height: 180, className: "aspect-[4/3] w-60" }
            : undefined
        }
        problem={problem}
      />
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <input
            id="published"
            name="published"
            type="checkbox"
            defaultChecked={published}
            aria-describedby="published-hint"
            className="size-5"
          />
          <label htmlFor="published" className="font-medium">
            {t("staff.content.posts.publish")}
          </label>
        </div>
        <p id="published-hint" className="text-sm text-slate-600">
          {t("staff.content.posts.publishHint")}
        </p>
      </div>
    </ContentEditPage>
  );
}
