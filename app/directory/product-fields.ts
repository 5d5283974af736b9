/**
 * The limits and fields of the products page's forms (its products, its promotion), zod-free so the manage page's inputs carry the same ones
 * as the rules (product-form.ts) without loading zod.
 */
export const PRODUCT_LIMITS = {
  /** Products in a listing's carousel: a strip a visitor scrolls through, not a catalogue. */
  count: 12,
  name: 80,
  alt: 200,
  url: 300,
  promoTitle: 100,
  promoDescription: 500,
} as const;

/** The product form's fields in the page's order: a refusal puts the focus on the first wrong one. */
export const PRODUCT_FIELDS = [
  "name_en-CA",
  "name_fr-CA",
  "price",
  "url",
  "picture",
  "alt_en-CA",
  "alt_fr-CA",
];

/** The promotion form's fields in the page's order. */
export const PROMOTION_FIELDS = [
  "title_en-CA",
  "title_fr-CA",
  "description_en-CA",
  "description_fr-CA",
  "picture",
  "startsOn",
  "endsOn",
];
