import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { emailField } from "../platform/email.ts";
import { dollarsAsCents, wholeNumber } from "../platform/form-fields.ts";
import { phoneField } from "../platform/phone.ts";
import { postalCodeField, postalCodeInProvince } from "../platform/postal-code.ts";
import { PROVINCES } from "../platform/provinces.ts";
import { isReadableText } from "../platform/text.ts";
import { CATEGORY_SLUGS } from "./categories.ts";
import { LISTING_LIMITS } from "./listing-fields.ts";

/** A line of text: trimmed, readable, within its limit; empty or too long gives `message`. */
const line = (max: number, message: MessageKey) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, message)
    .refine((text) => isReadableText(text), "errors.invalid_text");

/** A field that may be left empty, stored as null then (no phone, no website, no address). */
const optional = <T extends z.ZodType<unknown, string>>(field: T, message: MessageKey) =>
  z
    .string(message)
    .trim()
    .transform((text) => text || null)
    .pipe(field.nullable());

const description = z
  .string("manage.listing.problems.description")
  .trim()
  .max(LISTING_LIMITS.description, "manage.listing.problems.description")
  .refine((text) => isReadableText(text, { multiline: true }), "errors.invalid_text");

/**
 * The listing's form on its manage page, its fields in the page's order: every field the public
 * page shows. A description in at least one language; the postal code must be in the province.
 * `version` is the one the form was opened with (a stale form is refused with a 409).
 */
export const listingFormSchema = z
  .strictObject({
    version: wholeNumber.min(0, "errors.invalid_value"),
    name: line(LISTING_LIMITS.name, "manage.listing.problems.name"),
    category: z.enum(CATEGORY_SLUGS, "manage.listing.problems.category"),
    address: line(LISTING_LIMITS.address, "manage.listing.problems.address"),
    city: line(LISTING_LIMITS.city, "manage.listing.problems.city"),
    province: z.enum(PROVINCES, "manage.listing.problems.province"),
    postalCode: postalCodeField("manage.listing.problems.postalCode"),
    phone: optional(phoneField("manage.listing.problems.phone"), "manage.listing.problems.phone"),
    website: optional(
      z
        .string("manage.listing.problems.website")
        .trim()
        .max(LISTING_LIMITS.website, "manage.listing.problems.website")
        .pipe(z.url({ protocol: /^https?$/, error: "manage.listing.problems.website" })),
      "manage.listing.problems.website",
    ),
    contactEmail: optional(
      emailField("manage.listing.problems.contactEmail"),
      "manage.listing.problems.contactEmail",
    ),
    priceFrom: dollarsAsCents("manage.listing.problems.priceFrom"),
    "description_en-CA": description,
    "description_fr-CA": description,
    ownerName: line(LISTING_LIMITS.ownerName, "manage.listing.problems.ownerName"),
  })
  .superRefine((form, context) => {
    if (!postalCodeInProvince(form.postalCode, form.province))
      context.addIssue({
        code: "custom",
        path: ["postalCode"],
        message: "manage.listing.problems.postalCodeProvince",
      });
    if (!form["description_en-CA"] && !form["description_fr-CA"])
      context.addIssue({
        code: "custom",
        path: ["description_en-CA"],
        message: "manage.listing.problems.description",
      });
  });

export type ListingForm = z.infer<typeof listingFormSchema>;
