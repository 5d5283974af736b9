import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
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
  ],
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

export const quizQuestion = pgTable(
  "quiz_question",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    category: text().notNull(),
    locale: text().notNull(),
    setNumber: smallint().notNull(),
    position: smallint().notNull(),
    text: text().notNull(),
    options: jsonb().$type<string[]>().notNull(),
    answerIndex: smallint().notNull(),
    explanation: text().notNull(),
  },
  (table) => [
    unique("quiz_question_slot").on(table.category, table.locale, table.setNumber, table.position),
    check("quiz_question_set_range", sql`${table.setNumber} between 1 and 20`),
    check("quiz_question_position_range", sql`${table.position} between 1 and 5`),
    check("quiz_question_answer_range", sql`${table.answerIndex} between 0 and 3`),
  ],
);

/** Better Auth's user, with the player's fields (SPEC.md section 3, DESIGN.md's data model). */
export const user = pgTable(
  "user",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Public name in addresses (/profile-view/{handle}/s); never the e-mail. */
    handle: text().notNull().unique(),
    /** Asked at sign-up with e-mail; an account made through Google has none until the player gives it. */
    age: smallint(),
    playerType: text().notNull().default("Newbie Player"),
    points: integer().notNull().default(0),
    usesPoints: integer().notNull().default(0),
    winner: integer().notNull().default(0),
    playMatch: integer().notNull().default(0),
    notification: boolean().notNull().default(true),
    /** Seconds a quiz question allows: 30, 60, or 0 for untimed play. */
    quizTimer: smallint().notNull().default(30),
    locale: text().notNull().default("en-CA"),
  },
  (table) => [
    check("user_age_range", sql`${table.age} between 4 and 120`),
    check("user_points_positive", sql`${table.points} >= 0 and ${table.usesPoints} >= 0`),
    check("user_quiz_timer", sql`${table.quizTimer} in (0, 30, 60)`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [index("session_user_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_user_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/** Better Auth's rate-limit counters, in the database so limits hold across restarts and servers. */
export const rateLimit = pgTable("rate_limit", {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: "number" }).notNull(),
});

/** Sets completed per player and quiz category (0 to 20). */
export const quizProgress = pgTable(
  "quiz_progress",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    category: text().notNull(),
    completedSets: smallint().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category] }),
    check("quiz_progress_sets_range", sql`${table.completedSets} between 0 and 20`),
  ],
);

/** One player following another; a player cannot follow themselves. */
export const follow = pgTable(
  "follow",
  {
    followerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    followeeId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followeeId] }),
    index("follow_followee_idx").on(table.followeeId),
    check("follow_not_self", sql`${table.followerId} <> ${table.followeeId}`),
  ],
);

/** Mail kept instead of sent when no SMTP_URL is set (development and tests). */
export const outboxEmail = pgTable("outbox_email", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
