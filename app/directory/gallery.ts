import { z } from "zod";
import type { LocalizedText } from "../i18n/locale.ts";
import { wholeNumber } from "../platform/form-fields.ts";
import { isReadableText } from "../platform/text.ts";

/** How many pictures a listing's gallery holds at most (issue 26). */
export const GALLERY_MAX = 20;

/** The longest alternative text a picture takes, in each language. */
export const ALT_MAX = 250;

const altLine = z
  .string("manage.pictures.problems.alt")
  .trim()
  .max(ALT_MAX, "manage.pictures.problems.altLong")
  .refine((text) => isReadableText(text), "errors.invalid_text");

/** The alternative text in both languages, as the forms send it: at least one filled in. */
const altFields = {
  "alt_en-CA": altLine,
  "alt_fr-CA": altLine,
};

const upload = z
  .instanceof(File, { message: "manage.pictures.problems.file" })
  .refine((file) => file.size > 0, "manage.pictures.problems.file");

const pictureId = wholeNumber.min(1, "errors.invalid_value");
/** The picture's place as the form showed it: a co-owner may have moved it since (409). */
const seenPosition = wholeNumber.min(1, "errors.invalid_value");

/**
 * The forms of a listing's pictures page, told apart by `intent`: the cover, a picture added to
 * the gallery, its alternative text changed, moved up or down, or removed. Every alternative text
 * needs at least one language (decision 0060).
 */
export const pictureFormSchema = z
  .discriminatedUnion(
    "intent",
    [
      z.strictObject({ intent: z.literal("cover"), picture: upload, ...altFields }),
      z.strictObject({ intent: z.literal("add"), picture: upload, ...altFields }),
      z.strictObject({ intent: z.literal("alt"), id: pictureId, ...altFields }),
      z.strictObject({
        intent: z.enum(["up", "down"]),
        id: pictureId,
        position: seenPosition,
      }),
      z.strictObject({ intent: z.literal("remove"), id: pictureId, position: seenPosition }),
    ],
    { error: "errors.invalid_value" },
  )
  .superRefine((form, context) => {
    if ("alt_en-CA" in form && !form["alt_en-CA"] && !form["alt_fr-CA"])
      context.addIssue({
        code: "custom",
        path: ["alt_en-CA"],
        message: "manage.pictures.problems.alt",
      });
  });

/** The alternative text a form sent, as a picture keeps it. */
export function altOf(form: { "alt_en-CA": string; "alt_fr-CA": string }): LocalizedText {
  return { "en-CA": form["alt_en-CA"], "fr-CA": form["alt_fr-CA"] };
}

/** A picture's alternative text in `locale`, or the other language's when it has none in it. */
export function altIn(alt: LocalizedText, locale: keyof LocalizedText): string {
  return alt[locale] || alt[locale === "en-CA" ? "fr-CA" : "en-CA"];
}
