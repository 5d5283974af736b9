import { z } from "zod";
import { allItems, cursorPage, localizedText } from "../platform/wire.ts";
import { CATEGORY_SLUGS } from "./categories.ts";

const clockTime = z.string().meta({ description: "Local time, HH:MM", example: "21:00" });
const hoursRangeSchema = z.object({
  opens: clockTime,
  closes: clockTime.meta({ description: "Local time, HH:MM; not after `opens`: the next day" }),
});

/** Open now or not, and when that changes: worked out from the hours in the business's zone. */
const hoursStatusSchema = z
  .object({
    open: z.boolean(),
    next: z
      .object({
        date: z.iso.date().meta({ description: "Local date of the next change" }),
        time: clockTime,
        weekday: z.int().min(1).max(7).meta({ description: "ISO weekday: 1 Monday, 7 Sunday" }),
        daysAhead: z.int().min(0).meta({ description: "Local dates from today: 0 today" }),
        named: z.enum(["none", "tomorrow", "weekday"]).meta({
          description:
            "How the page names the day: not at all (today, or closing within 24 hours), tomorrow, or by its weekday",
        }),
      })
      .nullable()
      .meta({
        description:
          "When it closes (open) or opens (closed) next, in local time; null when that is more than a week away: open 24 hours, or closed",
      }),
  })
  .meta({
    description:
      "Open at the time of the request, from the weekly hours and special days in the business's zone",
  });

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
  timeZone: z.string().meta({
    description: "The IANA time zone its hours are in (its province's unless its owner chose)",
    example: "America/St_Johns",
  }),
  status: hoursStatusSchema,
  claimed: z.boolean().meta({
    description: 'Whether someone who proved the business is theirs manages it ("Claimed")',
  }),
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
  coverAlt: localizedText.nullable().meta({
    description:
      "The cover's alternative text, one language possibly empty; null for a drawing (decorative)",
  }),
  website: z.string().nullable(),
  phone: z.string().nullable().meta({
    description: "Where the business answers calls, in E.164; null when it gave none",
    example: "+14165550123",
  }),
  description: localizedText,
  hours: z
    .object({
      week: z.array(z.array(hoursRangeSchema)).length(7).meta({
        description: "Each weekday's ranges, Monday first; a day without any is closed",
      }),
      specialDays: z
        .array(
          z.object({
            date: z.iso.date(),
            ranges: z.array(hoursRangeSchema).meta({ description: "None: closed that day" }),
            label: z.string().meta({ example: "Christmas Day" }),
          }),
        )
        .meta({ description: "Upcoming dates with other hours than the week's (holidays)" }),
    })
    .meta({ description: "Opening hours, local time in `timeZone`" }),
  promo: z
    .object({
      title: localizedText,
      description: localizedText,
      image: z.string(),
      endsOn: z.iso.date().nullable().meta({
        description: "Its last day (local time in `timeZone`); null when it has no end",
      }),
    })
    .nullable()
    .meta({ description: "Its promotion, only on the days it runs" }),
  products: z.array(
    z.object({
      id: z.int(),
      name: localizedText,
      priceCents: z.int(),
      image: z.string(),
      imageAlt: localizedText.meta({ description: "What the product's picture shows" }),
      url: z.string(),
    }),
  ),
  gallery: z.array(z.object({ image: z.string(), alt: localizedText })).meta({
    description:
      "The owners' pictures in their order, each with its alternative text (one language possibly empty)",
  }),
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
