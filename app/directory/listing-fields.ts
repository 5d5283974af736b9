/**
 * The listing form's limits, zod-free so the manage page's inputs carry the same ones as the rules
 * (listing-form.ts) without loading zod.
 */
export const LISTING_LIMITS = {
  name: 120,
  address: 200,
  city: 100,
  website: 300,
  description: 2000,
  ownerName: 120,
} as const;

/** The listing form's fields in the page's order: a refusal puts the focus on the first wrong one. */
export const LISTING_FIELDS = [
  "name",
  "category",
  "address",
  "city",
  "province",
  "postalCode",
  "phone",
  "website",
  "contactEmail",
  "priceFrom",
  "description_en-CA",
  "description_fr-CA",
  "ownerName",
];
