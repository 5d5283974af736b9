import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { emailField } from "../platform/email.ts";
import { phoneField } from "../platform/phone.ts";
import { postalCodeField } from "../platform/postal-code.ts";
import { PROVINCES } from "../platform/provinces.ts";
import { CATEGORY_SLUGS } from "./categories.ts";
import { cityCentre, inCanada } from "./location.ts";
import { NEW_LISTING_MAX } from "./new-listing-fields.ts";

const requiredText = (max: number, message: MessageKey) =>
  z.string(message).trim().min(1, message).max(max, message);

/** An optional text: empty is none. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A time of day, "HH:MM" on a 24-hour clock. */
const timeOfDay = (message: MessageKey) =>
  z.string(message).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

/** A web address people can open: http or https; "example.ca" is taken as https://example.ca. */
const website = z
  .string("addBusiness.problems.website")
  .trim()
  .max(NEW_LISTING_MAX.website, "addBusiness.problems.website")
  .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: "addBusiness.problems.website",
    }),
  );

const coordinate = z.coerce.number("addBusiness.problems.pin");

const description = z
  .string("addBusiness.problems.description")
  .trim()
  .max(NEW_LISTING_MAX.description, "addBusiness.problems.descriptionLong");

/**
 * A new listing as "Add your business" and any API send it; each field's message is its own, and
 * the problems come in the order of the fields. A description in at least one language: with both
 * empty, the English one is refused in its place (the other may stay empty). Without a pin (no
 * JavaScript), the pin is the city's centre.
 */
export const newListingSchema = z
  .preprocess(
    (raw) => {
      if (typeof raw !== "object" || raw === null) return raw;
      const form = raw as Record<string, unknown>;
      const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";
      // Not a string, so the English description's own check gives its message where it stands.
      return blank(form.descriptionEn) && blank(form.descriptionFr)
        ? { ...form, descriptionEn: null }
        : form;
    },
    z.object({
      name: requiredText(NEW_LISTING_MAX.name, "addBusiness.problems.name"),
      category: z.enum(CATEGORY_SLUGS, "addBusiness.problems.category"),
      address: requiredText(NEW_LISTING_MAX.address, "addBusiness.problems.address"),
      city: requiredText(NEW_LISTING_MAX.city, "addBusiness.problems.city"),
      province: z.enum(PROVINCES, "addBusiness.problems.province"),
      postalCode: postalCodeField("addBusiness.problems.postalCode"),
      phone: optional(phoneField("addBusiness.problems.phone")),
      website: optional(website),
      email: emailField("addBusiness.problems.email"),
      descriptionEn: description,
      descriptionFr: description.default(""),
      opensAt: timeOfDay("addBusiness.problems.opensAt"),
      closesAt: timeOfDay("addBusiness.problems.closesAt"),
      latitude: optional(coordinate),
      longitude: optional(coordinate),
    }),
  )
  .transform((form, context) => {
    const pin =
      form.latitude === undefined || form.longitude === undefined
        ? cityCentre(form.city, form.province)
        : { latitude: form.latitude, longitude: form.longitude };
    if (!inCanada(pin)) {
      context.addIssue({ code: "custom", path: ["latitude"], message: "addBusiness.problems.pin" });
      return z.NEVER;
    }
    const { latitude: _, longitude: __, descriptionEn, descriptionFr, ...rest } = form;
    return { ...rest, description: { "en-CA": descriptionEn, "fr-CA": descriptionFr }, ...pin };
  });

export type NewListing = z.output<typeof newListingSchema>;

/** The console's two forms for a new listing: approve it, or reject it with a reason. */
export const listingDecisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve") }),
    z.object({
      intent: z.literal("reject"),
      reason: z
        .string("staff.listings.problems.reasonRequired")
        .trim()
        .min(1, "staff.listings.problems.reasonRequired")
        .max(1000, "staff.listings.problems.tooLong"),
    }),
  ],
  { error: "errors.unknown_intent" },
);
