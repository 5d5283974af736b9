import { sql } from "drizzle-orm";
import {
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
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Locale } from "../../i18n/locale.ts";
import { user } from "./accounts.ts";
import { hiddenReasonCheck, resolutionCheck } from "./moderation.ts";

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
    /**
     * The average of the reviews' stars to one decimal, their number and their sum: a maintained
     * aggregate, changed by triggers on `review` in the same transaction as every review (the sum
     * keeps the average exact however many reviews come and go).
     */
    rating: numeric({ precision: 2, scale: 1 }).notNull().default("0"),
    reviewCount: integer().notNull().default(0),
    ratingTotal: integer().notNull().default(0),
    priceFromCents: integer().notNull(),
    opensAt: time().notNull(),
    closesAt: time().notNull(),
    image: text().notNull(),
    coverImage: text().notNull(),
    ownerName: text().notNull(),
    ownerImage: text().notNull(),
    website: text(),
    /** Where the business answers calls, in E.164 (app/platform/phone.ts checks it). */
    phone: text(),
    /**
     * The listing's own e-mail address: where a claim's code goes (issue 26). Never shown to
     * visitors in full.
     */
    contactEmail: text(),
    description: jsonb().$type<LocalizedText>().notNull(),
    promoTitle: jsonb().$type<LocalizedText>(),
    promoDescription: jsonb().$type<LocalizedText>(),
    promoImage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while moderators hide it (app/platform/moderation.ts): why, and a note for "other". */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenNote: text(),
  },
  (table) => [
    check("business_hidden_reason", hiddenReasonCheck(table.hiddenAt, table.hiddenReason)),
    // The console's list of hidden items, most recently hidden first.
    index("business_hidden_idx")
      .on(table.hiddenAt, table.id)
      .where(sql`${table.hiddenAt} is not null`),
    check("business_rating_range", sql`${table.rating} between 0 and 5`),
    check("business_price_positive", sql`${table.priceFromCents} >= 0`),
    check("business_phone_e164", sql`${table.phone} ~ '^\\+[1-9][0-9]{7,14}$'`),
    // Ascending, read backwards for "best rated first": ORDER BY rating DESC means NULLS FIRST, which
    // a DESC index (NULLS LAST, as drizzle writes it) does not match, so the planner would ignore it.
    // The search columns come last so a filtered walk down the ranking reads only the index, never
    // the table (drizzle has no INCLUDE; trailing key columns serve the same purpose here).
    // Partial: a business moderators hid is not listed, and the walk stays index-only.
    index("business_rank_idx")
      .on(table.rating, table.id, table.searchName, table.searchLocation)
      .where(sql`${table.hiddenAt} is null`),
    index("business_category_rank_idx")
      .on(table.category, table.rating, table.id, table.searchName, table.searchLocation)
      .where(sql`${table.hiddenAt} is null`),
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
    /** The player who wrote it; null for the demo reviews, which keep only a shown name. */
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    authorName: text(),
    rating: smallint().notNull(),
    body: text().notNull(),
    locale: text().$type<Locale>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when its author changes it, so the page can say "edited". */
    editedAt: timestamp({ withTimezone: true }),
    /** Set while moderators hide it (app/platform/moderation.ts): why, and a note for "other". */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenNote: text(),
  },
  (table) => [
    check("review_hidden_reason", hiddenReasonCheck(table.hiddenAt, table.hiddenReason)),
    // The console's list of hidden items, most recently hidden first.
    index("review_hidden_idx")
      .on(table.hiddenAt, table.id)
      .where(sql`${table.hiddenAt} is not null`),
    check("review_rating_range", sql`${table.rating} between 1 and 5`),
    check("review_author", sql`${table.userId} is not null or ${table.authorName} is not null`),
    // One review per player per business; demo reviews (no player) are not limited.
    unique("review_business_user").on(table.businessId, table.userId),
    index("review_business_idx").on(table.businessId, table.createdAt.desc(), table.id.desc()),
    index("review_business_rating_idx").on(
      table.businessId,
      table.rating,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

export const businessQuestion = pgTable(
  "business_question",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    /** The player who asked; null for the demo questions, which keep only a shown name. */
    userId: text().references(() => user.id, { onDelete: "cascade" }),
    askedBy: text(),
    question: text().notNull(),
    /** The owner's answer to a demo question; players' answers are in `question_answer`. */
    answer: text(),
    locale: text().$type<Locale>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while moderators hide it (app/platform/moderation.ts): why, and a note for "other". */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenNote: text(),
  },
  (table) => [
    check("business_question_hidden_reason", hiddenReasonCheck(table.hiddenAt, table.hiddenReason)),
    // The console's list of hidden items, most recently hidden first.
    index("business_question_hidden_idx")
      .on(table.hiddenAt, table.id)
      .where(sql`${table.hiddenAt} is not null`),
    check(
      "business_question_author",
      sql`${table.userId} is not null or ${table.askedBy} is not null`,
    ),
    index("business_question_business_idx").on(
      table.businessId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

/** A player's answer to a community question. */
export const questionAnswer = pgTable(
  "question_answer",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => businessQuestion.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    body: text().notNull(),
    locale: text().$type<Locale>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while moderators hide it (app/platform/moderation.ts): why, and a note for "other". */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenNote: text(),
  },
  (table) => [
    check("question_answer_hidden_reason", hiddenReasonCheck(table.hiddenAt, table.hiddenReason)),
    // The console's list of hidden items, most recently hidden first.
    index("question_answer_hidden_idx")
      .on(table.hiddenAt, table.id)
      .where(sql`${table.hiddenAt} is not null`),
    index("question_answer_question_idx").on(table.questionId, table.createdAt, table.id),
  ],
);

/**
 * A report about a review, question or answer (exactly one), kept for someone to review: a
 * reason from the list and optional details. One report per player per item.
 */
export const directoryReport = pgTable(
  "directory_report",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer().references(() => review.id, { onDelete: "cascade" }),
    questionId: integer().references(() => businessQuestion.id, { onDelete: "cascade" }),
    answerId: integer().references(() => questionAnswer.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    details: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null while open; set when a moderator hides the item ("hidden") or dismisses its reports. */
    resolvedAt: timestamp({ withTimezone: true }),
    resolution: text(),
  },
  (table) => [
    check("directory_report_resolution", resolutionCheck(table.resolvedAt, table.resolution)),
    // The queue's walk: open reports oldest first, and each item's open reports.
    index("directory_report_open_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.resolvedAt} is null`),
    index("directory_report_open_review_idx")
      .on(table.reviewId, table.createdAt)
      .where(sql`${table.resolvedAt} is null and ${table.reviewId} is not null`),
    index("directory_report_open_question_idx")
      .on(table.questionId, table.createdAt)
      .where(sql`${table.resolvedAt} is null and ${table.questionId} is not null`),
    index("directory_report_open_answer_idx")
      .on(table.answerId, table.createdAt)
      .where(sql`${table.resolvedAt} is null and ${table.answerId} is not null`),
    check(
      "directory_report_one_target",
      sql`num_nonnulls(${table.reviewId}, ${table.questionId}, ${table.answerId}) = 1`,
    ),
    check(
      "directory_report_reason",
      sql`${table.reason} in ('spam', 'offensive', 'personal', 'false', 'other')`,
    ),
    unique("directory_report_review").on(table.reviewId, table.userId),
    unique("directory_report_question").on(table.questionId, table.userId),
    unique("directory_report_answer").on(table.answerId, table.userId),
  ],
);

/**
 * A report about a business itself (closed, false details, spam), kept for someone to review. One
 * per reporter and business, as for jobs: a player by their account, a visitor by a hash of their
 * client address (app/platform/reporter.server.ts).
 */
export const businessReport = pgTable(
  "business_report",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    details: text().notNull(),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    /** "player:{id}", or for a visitor "address:{hash of the client address}". */
    reporter: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null while open; set when a moderator hides the item ("hidden") or dismisses its reports. */
    resolvedAt: timestamp({ withTimezone: true }),
    resolution: text(),
  },
  (table) => [
    check("business_report_resolution", resolutionCheck(table.resolvedAt, table.resolution)),
    index("business_report_open_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.resolvedAt} is null`),
    index("business_report_open_business_idx")
      .on(table.businessId, table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
    check(
      "business_report_reason",
      sql`${table.reason} in ('spam', 'offensive', 'personal', 'false', 'other')`,
    ),
    unique("business_report_one_per_reporter").on(table.businessId, table.reporter),
  ],
);

/** A claim's states: CLAIM_MOVES (app/directory/claims.ts) says which moves are allowed. */
export type ClaimStatus = "open" | "code_sent" | "verified" | "approved" | "rejected";
export type ClaimSource = "plan_request" | "code" | "document";

/**
 * Someone asking to manage a listing (issue 26): a code e-mailed to the listing's address
 * ('code': code_sent, then verified), a document for staff to review ('document'), or a won plan
 * request ('plan_request'); the last two wait "open" in the console's queue until staff approve or
 * reject them. The requester is an account, or for a plan request from a visitor the contact
 * e-mail it gave. One open claim per business and requester.
 */
export const businessClaim = pgTable(
  "business_claim",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    requesterId: text().references(() => user.id, { onDelete: "set null" }),
    contactEmail: text(),
    /** Its state (CLAIM_MOVES in app/directory/claims.ts); "open" waits on staff. */
    status: text().$type<ClaimStatus>().notNull().default("open"),
    source: text().$type<ClaimSource>().notNull(),
    /** The row of the source that opened it (the plan request's id). */
    sourceId: integer(),
    /** A code claim's code, as an HMAC (never the code itself), its end and the tries spent on it. */
    codeHash: text(),
    codeExpiresAt: timestamp({ withTimezone: true }),
    codeTries: smallint().notNull().default(0),
    /** A document claim's proof: its name in the private storage folder, and the claimant's note. */
    document: text(),
    note: text(),
    /** When staff approved or rejected it, and the reason given for a rejection. */
    decidedAt: timestamp({ withTimezone: true }),
    reason: text(),
    // Milliseconds, as a JavaScript Date holds them: the console's queue pages by (createdAt, id).
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "business_claim_status",
      sql`${table.status} in ('open', 'code_sent', 'verified', 'approved', 'rejected')`,
    ),
    check("business_claim_source", sql`${table.source} in ('plan_request', 'code', 'document')`),
    check(
      "business_claim_requester",
      sql`${table.requesterId} is not null or ${table.contactEmail} is not null`,
    ),
    check(
      "business_claim_code",
      sql`(${table.source} = 'code') = (${table.codeHash} is not null and ${table.codeExpiresAt} is not null)`,
    ),
    check(
      "business_claim_document",
      sql`(${table.source} = 'document') = (${table.document} is not null)`,
    ),
    uniqueIndex("business_claim_one_open")
      .on(table.businessId, sql`coalesce(${table.requesterId}, lower(${table.contactEmail}))`)
      .where(sql`${table.status} = 'open'`),
    // One code waiting per player and business: asking again replaces it.
    uniqueIndex("business_claim_one_code")
      .on(table.businessId, table.requesterId)
      .where(sql`${table.status} = 'code_sent'`),
    index("business_claim_open_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * The players who manage a listing (DESIGN.md, parties and roles): an adult who proved a claim (a
 * code sent to the listing's address, or staff's review of a document), or a co-owner an owner
 * invited. Ownership is checked inside each owner's query through this table.
 */
export const businessOwner = pgTable(
  "business_owner",
  {
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** How it began: "code" (e-mailed to the listing), "staff" (a reviewed claim), "invite". */
    via: text().$type<"code" | "staff" | "invite">().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.userId] }),
    index("business_owner_user_idx").on(table.userId),
    check("business_owner_via", sql`${table.via} in ('code', 'staff', 'invite')`),
  ],
);

/**
 * An owner's invitation of a co-owner by e-mail (issue 26): the link in the e-mail carries its id
 * and an HMAC of it; the invitee, signed in with that address and an adult, accepts it once before
 * it expires.
 */
export const businessOwnerInvite = pgTable(
  "business_owner_invite",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    email: text().notNull(),
    invitedBy: text().references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: text().references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("business_owner_invite_business_idx").on(table.businessId)],
);

/** A business a player saved, listed on their profile. */
export const savedBusiness = pgTable(
  "saved_business",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.businessId] }),
    index("saved_business_user_idx").on(table.userId, table.createdAt.desc()),
  ],
);
