import { z } from "zod";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import { checkbox, wholeNumber } from "../platform/form-fields.ts";
import { PROVINCES } from "../platform/provinces.ts";
import { BLOG_TYPES } from "./types.ts";

/** A post's address in one language: lower-case words joined by hyphens. */
const POST_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The form's field for one language's text: `en-CA.title` is sent as `title_en-CA`. */
export const textField = (name: keyof PostText, locale: Locale) => `${name}_${locale}` as const;

export type PostText = { slug: string; title: string; excerpt: string; body: string };

const text = (max: number) =>
  z.string("errors.invalid_value").trim().max(max, "staff.content.problems.tooLong");

const textFields = Object.fromEntries(
  LOCALES.flatMap((locale) => [
    [
      textField("slug", locale),
      z
        .string("errors.invalid_value")
        .trim()
        .toLowerCase()
        .max(120, "staff.content.problems.tooLong")
        .refine((slug) => slug === "" || POST_SLUG.test(slug), "staff.content.problems.slug"),
    ],
    [textField("title", locale), text(120)],
    [textField("excerpt", locale), text(300)],
    [textField("body", locale), text(100_000)],
  ]),
) as unknown as Record<`${keyof PostText}_${Locale}`, z.ZodType<string>>;

/**
 * The staff's post form: both languages' texts, what the post is about, draft or published, and
 * a cover picture. A draft may leave a language empty; publishing needs every text of both
 * (checked by `postProblems`, which knows the current cover too).
 */
export const postFormSchema = z.strictObject({
  intent: z.enum(["save", "preview"], "errors.invalid_value"),
  /** The version the form was opened with; absent for a new post. */
  version: wholeNumber.min(0, "errors.invalid_value").optional(),
  type: z.enum(BLOG_TYPES, "staff.content.problems.type"),
  city: z.string("errors.invalid_value").trim().min(1, "staff.content.problems.city").max(80),
  province: z.enum(PROVINCES, "staff.content.problems.province"),
  authorName: z
    .string("errors.invalid_value")
    .trim()
    .min(1, "staff.content.problems.author")
    .max(80, "staff.content.problems.tooLong"),
  published: checkbox,
  cover: z.instanceof(File).optional(),
  ...textFields,
});

export type PostForm = z.infer<typeof postFormSchema>;

/** One language's text from the form. */
export function postText(form: PostForm, locale: Locale): PostText {
  return {
    slug: form[textField("slug", locale)],
    title: form[textField("title", locale)],
    excerpt: form[textField("excerpt", locale)],
    body: form[textField("body", locale)],
  };
}
