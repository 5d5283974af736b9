import { z } from "zod";
import { allItems, cursorPage, localizedText } from "../platform/wire.ts";
import { CATEGORY_SLUGS } from "./categories.ts";

/** A business as cards and the list API show it. */
export const businessSummarySchema = z.object({
  id: z.int().meta({ example: 42 }),
  name: z.string().meta({ example: "Chez Ginette" }),
  category: z.enum(CATEGORY_SLUGS).meta({ example: "restaurants" }),
  city: z.string().meta({ example: "Montréal" }),
  province: z
    .string()
    .meta({ description: "Two-letter province or territory code", example: "QC" }),
  rating: z.number().min(0).max(5).meta({ example: 4.6 }),
  reviewCount: z.int().min(0).meta({ example: 128 }),
  priceFromCents: z
    .int()
    .meta({ description: "Lowest price, in cents of Canadian dollars", example: 1450 }),
  opensAt: z.string().meta({ description: "Local opening time, HH:MM", example: "11:00" }),
  closesAt: z
    .string()
    .meta({ description: "Local closing time, HH:MM (may be after midnight)", example: "22:00" }),
  openNow: z
    .boolean()
    .meta({ description: "Open at the time of the request, in the business's time zone" }),
  image: z.string().meta({ description: "Path of the listing picture on this site" }),
  ownerName: z.string(),
  ownerImage: z.string(),
});
export type BusinessSummary = z.output<typeof businessSummarySchema>;

export const businessPageSchema = cursorPage(businessSummarySchema);
export type BusinessPage = z.output<typeof businessPageSchema>;

/** The businesses a player saved, last saved first. */
export const savedBusinessesSchema = allItems(businessSummarySchema);

export const businessDetailSchema = businessSummarySchema.extend({
  address: z.string(),
  postalCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  coverImage: z.string(),
  website: z.string().nullable(),
  phone: z.string().nullable().meta({
    description: "Where the business answers calls, in E.164; null when it gave none",
    example: "+14165550123",
  }),
  description: localizedText,
  promo: z
    .object({ title: localizedText, description: localizedText, image: z.string() })
    .nullable(),
  products: z.array(
    z.object({
      id: z.int(),
      name: localizedText,
      priceCents: z.int(),
      image: z.string(),
      url: z.string(),
    }),
  ),
});
export type BusinessDetail = z.output<typeof businessDetailSchema>;

/** The categories in the home page's order, with their number of places. */
export const categoryListSchema = allItems(
  z.object({
    slug: z.enum(CATEGORY_SLUGS),
    name: z.string().meta({ description: "The English name" }),
    places: z.int().min(0),
  }),
);
