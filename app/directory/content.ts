import { z } from "zod";
import { canadianPhone } from "../platform/phone.ts";
import { CATEGORY_SLUGS, type CategorySlug } from "./categories.ts";
import { BUSINESS_KINDS, KINDS_BY_CATEGORY } from "./kinds.ts";

/** The shape of `content/businesses/<category>.json`; see content/README.md. */
const localized = z.object({ "en-CA": z.string().min(1), "fr-CA": z.string().min(1) });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a 24-hour HH:MM time");
const locale = z.enum(["en-CA", "fr-CA"]);

const businessSeedSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(1).max(80),
  /** What it is; gives its picture (see `kinds.ts`). */
  kind: z.enum(BUSINESS_KINDS),
  city: z.string().min(1),
  province: z.enum(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]),
  address: z.string().min(1),
  postalCode: z.string().regex(/^[A-Z]\d[A-Z] \d[A-Z]\d$/),
  /** E.164, as app/platform/phone.ts writes a Canadian number. */
  phone: z
    .string()
    .refine((value) => canadianPhone(value) === value, "a Canadian number in E.164")
    .optional(),
  latitude: z.number().min(41).max(84),
  longitude: z.number().min(-142).max(-52),
  priceFromCents: z.number().int().min(0),
  opensAt: clock,
  closesAt: clock,
  owner: z.string().min(1),
  description: localized,
  promo: z.object({ title: localized, description: localized }).optional(),
  products: z
    .array(z.object({ name: localized, priceCents: z.number().int().min(0) }))
    .min(2)
    .max(8),
  reviews: z.array(
    z.object({
      author: z.string().min(1),
      rating: z.number().int().min(1).max(5),
      locale,
      body: z.string().min(1),
    }),
  ),
  questions: z
    .array(
      z.object({
        askedBy: z.string().min(1),
        locale,
        question: z.string().min(1),
        answer: z.string().min(1),
      }),
    )
    .default([]),
});

export const businessFileSchema = z
  .object({
    category: z.enum(CATEGORY_SLUGS as [CategorySlug, ...CategorySlug[]]),
    businesses: z.array(businessSeedSchema),
  })
  .superRefine((file, context) => {
    const kinds: readonly string[] = KINDS_BY_CATEGORY[file.category];
    for (const [index, seed] of file.businesses.entries()) {
      if (!kinds.includes(seed.kind)) {
        context.addIssue({
          code: "custom",
          path: ["businesses", index, "kind"],
          message: `not a kind of ${file.category} (${kinds.join(", ")})`,
        });
      }
    }
  });

export type BusinessSeed = z.infer<typeof businessSeedSchema>;
export type BusinessFile = z.infer<typeof businessFileSchema>;

/**
 * `content/reviews/demo-reviews.json`: reviews written by the demo players (named by handle), so
 * ratings vary as they would on a site in use; see content/README.md.
 */
export const demoReviewsFileSchema = z.strictObject({
  reviews: z.array(
    z.strictObject({
      business: businessSeedSchema.shape.slug,
      player: z.string().min(1),
      rating: z.number().int().min(1).max(5),
      locale,
      body: z.string().min(20).max(2000),
      /** How long ago it was written, so the demo keeps a history whenever it is seeded. */
      daysAgo: z.number().int().min(0).max(365),
    }),
  ),
});

export type DemoReview = z.infer<typeof demoReviewsFileSchema>["reviews"][number];
