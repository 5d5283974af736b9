import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

/** Text in both site languages; every user-facing text column of seed content has this shape. */
export type LocalizedText = { "en-CA": string; "fr-CA": string };

export const business = pgTable(
  "business",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    category: text().notNull(),
    city: text().notNull(),
    province: text().notNull(),
    address: text().notNull(),
    postalCode: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    /** Lower-cased, accent-free copies of name and "city province" that search matches against. */
    searchName: text().notNull(),
    searchLocation: text().notNull(),
    rating: numeric({ precision: 2, scale: 1 }).notNull(),
    reviewCount: integer().notNull().default(0),
    priceFromCents: integer().notNull(),
    opensAt: time().notNull(),
    closesAt: time().notNull(),
    image: text().notNull(),
    coverImage: text().notNull(),
    ownerName: text().notNull(),
    ownerImage: text().notNull(),
    website: text(),
    description: jsonb().$type<LocalizedText>().notNull(),
    promoTitle: jsonb().$type<LocalizedText>(),
    promoDescription: jsonb().$type<LocalizedText>(),
    promoImage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("business_rating_range", sql`${table.rating} between 0 and 5`),
    check("business_price_positive", sql`${table.priceFromCents} >= 0`),
    // Ascending, read backwards for "best rated first": ORDER BY rating DESC means NULLS FIRST, which
    // a DESC index (NULLS LAST, as drizzle writes it) does not match, so the planner would ignore it.
    // The search columns come last so a filtered walk down the ranking reads only the index, never
    // the table (drizzle has no INCLUDE; trailing key columns serve the same purpose here).
    index("business_rank_idx").on(table.rating, table.id, table.searchName, table.searchLocation),
    index("business_category_rank_idx").on(
      table.category,
      table.rating,
      table.id,
      table.searchName,
      table.searchLocation,
    ),
    index("business_search_name_trgm_idx").using("gin", sql`${table.searchName} gin_trgm_ops`),
    index("business_search_location_trgm_idx").using(
      "gin",
      sql`${table.searchLocation} gin_trgm_ops`,
    ),
    // For terms without three letters in a row, which trigrams cannot narrow: the 1- and
    // 2-character pieces of the text (search_grams, migration 0005).
    index("business_search_name_grams_idx").using("gin", sql`search_grams(${table.searchName})`),
    index("business_search_location_grams_idx").using(
      "gin",
      sql`search_grams(${table.searchLocation})`,
    ),
  ],
);

/**
 * How many businesses each category holds, kept by triggers on `business` in the same transaction
 * as every insert, update and delete (migration 0007), so the home page never counts the table.
 */
export const businessCategoryCount = pgTable(
  "business_category_count",
  {
    category: text().primaryKey(),
    places: integer().notNull().default(0),
  },
  (table) => [check("business_category_count_places", sql`${table.places} >= 0`)],
);

export const businessProduct = pgTable(
  "business_product",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    name: jsonb().$type<LocalizedText>().notNull(),
    priceCents: integer().notNull(),
    image: text().notNull(),
    url: text().notNull(),
  },
  (table) => [
    unique("business_product_position").on(table.businessId, table.position),
    check("business_product_price_positive", sql`${table.priceCents} >= 0`),
  ],
);

export const review = pgTable(
  "review",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    /** Shown name; reviews written by players will also reference their account. */
    authorName: text().notNull(),
    rating: smallint().notNull(),
    body: text().notNull(),
    locale: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("review_rating_range", sql`${table.rating} between 1 and 5`),
    index("review_business_idx").on(table.businessId, table.createdAt.desc()),
  ],
);

export const businessQuestion = pgTable(
  "business_question",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    askedBy: text().notNull(),
    question: text().notNull(),
    answer: text(),
    locale: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("business_question_business_idx").on(table.businessId)],
);
