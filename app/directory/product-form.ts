import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { dollarsAsCents, wholeNumber } from "../platform/form-fields.ts";
import { isReadableText } from "../platform/text.ts";
import { PRODUCT_LIMITS } from "./product-fields.ts";

/** A text in one language, which may be empty when the other language has one. */
const oneLanguage = (max: number, message: MessageKey, multiline = false) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .refine((text) => isReadableText(text, { multiline }), "errors.invalid_text");

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

/**
 * The listing's promotion: a title and a text in at least one language, a picture (required while
 * the listing has none: the service checks) and its first and last days, both included.
 */
export const promotionFormSchema = z
  .strictObject({
    intent: z.literal("promotion", "errors.invalid_value"),
    "title_en-CA": oneLanguage(PRODUCT_LIMITS.promoTitle, "manage.promotion.problems.title"),
    "title_fr-CA": oneLanguage(PRODUCT_LIMITS.promoTitle, "manage.promotion.problems.title"),
    "description_en-CA": oneLanguage(
      PRODUCT_LIMITS.promoDescription,
      "manage.promotion.problems.description",
      true,
    ),
    "description_fr-CA": oneLanguage(
      PRODUCT_LIMITS.promoDescription,
      "manage.promotion.problems.description",
      true,
    ),
    picture: z.instanceof(File).optional(),
    startsOn: z.iso.date("manage.promotion.problems.startsOn"),
    endsOn: z.iso.date("manage.promotion.problems.endsOn"),
  })
  .superRefine((form, context) => {
    const problem = (path: string, message: MessageKey) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (!form["title_en-CA"] && !form["title_fr-CA"])
      problem("title_en-CA", "manage.promotion.problems.title");
    if (!form["description_en-CA"] && !form["description_fr-CA"])
      problem("description_en-CA", "manage.promotion.problems.description");
    if (form.endsOn < form.startsOn) problem("endsOn", "manage.promotion.problems.order");
  });

export type PromotionForm = z.infer<typeof promotionFormSchema>;

/** Taking the listing's promotion down. */
export const promotionRemoveSchema = z.strictObject({
  intent: z.literal("promotion-remove", "errors.invalid_value"),
});
