import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { dollarsAsCents, wholeNumber } from "../platform/form-fields.ts";
import { isReadableText } from "../platform/text.ts";
import { PRODUCT_LIMITS } from "./product-fields.ts";

/** A text in one language, which may be empty when the other language has one. */
const oneLanguage = (max: number, message: MessageKey) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .refine((text) => isReadableText(text), "errors.invalid_text");

const version = wholeNumber.min(0, "errors.invalid_value");
/** A product by its place in the carousel (0 first), as the page listed them. */
const index = wholeNumber.min(0, "errors.invalid_value").max(PRODUCT_LIMITS.count - 1);

/**
 * A product of the carousel as its manage page adds or edits it: a name and an alternative text in
 * at least one language, a price in dollars, a link to the business's own page (http or https
 * only: a link is followed by visitors) and a picture, required when adding. `version` is the
 * listing's, as the page was opened (a stale form is refused with a 409).
 */
export const productFormSchema = z
  .strictObject({
    intent: z.enum(["add", "edit"], "errors.invalid_value"),
    version,
    index: index.optional(),
    "name_en-CA": oneLanguage(PRODUCT_LIMITS.name, "manage.products.problems.name"),
    "name_fr-CA": oneLanguage(PRODUCT_LIMITS.name, "manage.products.problems.name"),
    price: dollarsAsCents("manage.products.problems.price"),
    url: z
      .string("manage.products.problems.url")
      .trim()
      .max(PRODUCT_LIMITS.url, "manage.products.problems.url")
      .pipe(z.url({ protocol: /^https?$/, error: "manage.products.problems.url" })),
    picture: z.instanceof(File).optional(),
    "alt_en-CA": oneLanguage(PRODUCT_LIMITS.alt, "manage.products.problems.alt"),
    "alt_fr-CA": oneLanguage(PRODUCT_LIMITS.alt, "manage.products.problems.alt"),
  })
  .superRefine((form, context) => {
    const problem = (path: string, message: MessageKey) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (!form["name_en-CA"] && !form["name_fr-CA"])
      problem("name_en-CA", "manage.products.problems.name");
    if (form.intent === "edit" && form.index === undefined)
      problem("index", "errors.invalid_value");
    if (form.intent === "add" && !(form.picture && form.picture.size > 0))
      problem("picture", "manage.products.problems.picture");
    if (!form["alt_en-CA"] && !form["alt_fr-CA"])
      problem("alt_en-CA", "manage.products.problems.alt");
  });

export type ProductForm = z.infer<typeof productFormSchema>;

/** Moving a product one place up or down the carousel, or removing it. */
export const productMoveSchema = z.strictObject({
  intent: z.enum(["up", "down", "remove"], "errors.invalid_value"),
  version,
  index,
});

export type ProductMove = z.infer<typeof productMoveSchema>;
