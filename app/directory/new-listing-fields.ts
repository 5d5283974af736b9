// What the "Add your business" form needs in the browser, kept apart from new-listing.ts so that
// its zod schema stays on the server.

/** The longest text each field takes: the inputs' `maxLength` and the schema's limits. */
export const NEW_LISTING_MAX = {
  name: 120,
  address: 200,
  city: 100,
  website: 300,
  description: 2000,
} as const;

/** The form's fields in the order a person fills them (and the order of their messages). */
export const NEW_LISTING_FIELDS = [
  "name",
  "category",
  "address",
  "city",
  "province",
  "postalCode",
  "phone",
  "website",
  "email",
  "descriptionEn",
  "descriptionFr",
  "opensAt",
  "closesAt",
  "latitude",
  "longitude",
] as const;
