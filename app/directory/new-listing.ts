import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { emailField } from "../platform/email.ts";
import { atLeastOneOf, optionalField, webAddressField } from "../platform/form-fields.ts";
import { phoneField } from "../platform/phone.ts";
import { postalCodeField } from "../platform/postal-code.ts";
import { PROVINCES } from "../platform/provinces.ts";
import { CATEGORY_SLUGS } from "./categories.ts";
import { cityCentre, inCanada } from "./location.ts";
import { NEW_LISTING_MAX } from "./new-listing-fields.ts";

const requiredText = (max: number, message: MessageKey) =>
  z.string(message).trim().min(1, message).max(max, message);

/** A time of day, "HH:MM" on a 24-hour clock. */
const timeOfDay = (message: MessageKey) =>
  z.string(message).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

const website = webAddressField("addBusiness.problems.website", NEW_LISTING_MAX.website);

const coordinate = z.coerce.number("addBusiness.problems.pin");

const description = z
  .string("addBusiness.problems.description")
  .trim()
  .max(NEW_LISTING_MAX.description, "addBusiness.problems.descriptionLong");

/**
 * A new listing as "Add your business" and any API send it; each field's message is its own, and
 * the problems come in the order of the fields. A description in at least one language: with both
 * empty, the English one is refused in its place. Without a pin (no JavaScript), the pin is the
 * city's centre.
 */
export const newListingSchema = z
  .preprocess(
    atLeastOneOf("descriptionEn", "descriptionFr"),
    z.object({
      name: requiredText(NEW_LISTING_MAX.name, "addBusiness.problems.name"),
      category: z.enum(CATEGORY_SLUGS, "addBusiness.problems.category"),
      address: requiredText(NEW_LISTING_MAX.address, "addBusiness.problems.address"),
      city: requiredText(NEW_LISTING_MAX.city, "addBusiness.problems.city"),
      province: z.enum(PROVINCES, "addBusiness.problems.province"),
      postalCode: postalCodeField("addBusiness.problems.postalCode"),
      phone: optionalField(phoneField("addBusiness.problems.phone")),
      website: optionalField(website),
      email: emailField("addBusiness.problems.email"),
      descriptionEn: description,
      descriptionFr: description.default(""),
      opensAt: timeOfDay("addBusiness.problems.opensAt"),
      closesAt: timeOfDay("addBusiness.problems.closesAt"),
      latitude: optionalField(coordinate),
      longitude: optionalField(coordinate),
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
