import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
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

/**
 * Where a listing stands with staff: one added by a player waits ("pending") until staff approve or
 * reject it; the seeded and generated ones are approved from the start (the column's default).
 */
export const BUSINESS_STATUSES = ["pending", "approved", "rejected"] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

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
    /**
     * The same hours every day: what a listing without weekly hours of its own (`business_hours`)
     * keeps (decision 0056), and what "Add your business" writes.
     */
    opensAt: time().notNull(),
    closesAt: time().notNull(),
    /**
     * The IANA zone its hours are kept in, one of Canada's (app/directory/hours.ts); null means its
     * province's main zone, so the million seeded rows need no value (decision 0056).
     */
    timeZone: text(),
    /**
     * Whether it has weekly hours or special days of its own (`business_hours`,
     * `business_special_day`): a page of cards looks them up only for those that do, so a page of
     * listings that keep their daily pair costs no statement more (decision 0056).
     */
    ownHours: boolean().notNull().default(false),
    /**
     * How many players own it (`business_owner`): kept by triggers on that table in the same
     * transaction as every owner added or removed, so a card says "Claimed" from this row without
     * reading the owners (decision 0069).
     */
    ownerCount: integer().notNull().default(0),
    /**
     * The card's picture and the page's cover. An owner's upload sets both to the same address
     * under /uploads/content/ (decision 0060); seeded listings point at drawings under /images.
     */
    image: text().notNull(),
    coverImage: text().notNull(),
    /** The uploaded cover's alternative text; null while the cover is a seeded drawing (decorative). */
    coverAlt: jsonb().$type<LocalizedText>(),
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
    /**
     * The days its promotion is shown, both included, in the listing's time zone; null on seeded
     * promotions, which are shown every day (owners always give both dates).
     */
    promoStartsOn: date({ mode: "string" }),
    promoEndsOn: date({ mode: "string" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When its listing last changed (the sitemap's `lastmod`): its creation, then each edit. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by every edit of the listing; a form saves only on the version it was opened with,
     * so a manager's save never writes over another's (409).
     */
    version: integer().notNull().default(0),
    /** Set while moderators hide it (app/platform/moderation.ts): why, and a note for "other". */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenNote: text(),
    /** Staff's review of a listing a player added ("Add your business", issue 26). */
    status: text().$type<BusinessStatus>().notNull().default("approved"),
    /** The player who added it: sees it while it waits, and becomes its owner once approved. */
    submittedBy: text().references(() => user.id, { onDelete: "set null" }),
    /** Why staff rejected it, told to the submitter. */
    rejectedReason: text(),
    /**
     * Listed: shown in search, counts, the sitemap, JSON-LD and cards. The one place that says so
     * (not hidden by moderators and approved by staff), kept by PostgreSQL on every change, so the
     * partial indexes, the category-count triggers and every query test this one column.
     */
    listed: boolean().notNull().generatedAlwaysAs(sql`hidden_at is null and status = 'approved'`),
  },
  (table) => [
    check("business_hidden_reason", hiddenReasonCheck(table.hiddenAt, table.hiddenReason)),
    check("business_status", sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check("business_promo_dates", sql`${table.promoEndsOn} >= ${table.promoStartsOn}`),
    check("business_owner_count", sql`${table.ownerCount} >= 0`),
    // The content pictures' sweep asks which uploads a promotion still shows.
    index("business_promo_image_idx")
      .on(table.promoImage)
      .where(sql`${table.promoImage} is not null`),
    // A player deleted: their submissions found without reading the table.
    index("business_submitted_by_idx")
      .on(table.submittedBy)
      .where(sql`${table.submittedBy} is not null`),
    // The console's queue of new listings, oldest first.
    index("business_pending_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'pending'`),
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
    // Partial: a business not listed (hidden, or waiting for staff) is left out, and the walk
    // stays index-only.
    index("business_rank_idx")
      .on(table.rating, table.id, table.searchName, table.searchLocation)
      .where(sql`${table.listed}`),
    index("business_category_rank_idx")
      .on(table.category, table.rating, table.id, table.searchName, table.searchLocation)
      .where(sql`${table.listed}`),
    index("business_search_name_trgm_idx").using("gin", sql`${table.searchName} gin_trgm_ops`),
    index("business_search_location_trgm_idx").using(
      "gin",
      sql`${table.searchLocation} gin_trgm_ops`,
    ),
    // For terms without three letters in a row, which trigrams cannot narrow: the 1- and
    // 2-character pieces of the text (search_grams, migration 0005).
    // The content pictures' sweep asks which uploaded addresses a listing still shows: only the
    // few uploaded covers are indexed, never the million seeded drawings.
    index("business_uploaded_image_idx")
      .on(table.image)
      .where(sql`${table.image} like '/uploads/%'`),
    index("business_uploaded_cover_idx")
      .on(table.coverImage)
      .where(sql`${table.coverImage} like '/uploads/%'`),
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
    /** What its picture shows, for the page's gallery; null on seeded products (their name says it). */
    imageAlt: jsonb().$type<LocalizedText>(),
    url: text().notNull(),
  },
  (table) => [
    unique("business_product_position").on(table.businessId, table.position),
    // The content pictures' sweep asks which uploads a product still shows.
    index("business_product_image_idx").on(table.image),
    check("business_product_price_positive", sql`${table.priceCents} >= 0`),
  ],
);

/**
 * A listing's gallery, in its owners' order: `position` 1, 2, … without gaps, unique per listing,
 * so two reorders at once can never leave two pictures in one place (app/directory/gallery.server.ts).
 */
export const businessPicture = pgTable(
  "business_picture",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    /** The picture's address under /uploads/content/ (the content pictures' sweep reads it). */
    file: text().notNull(),
    /** Its alternative text: at least one language, the other may be empty (shows the first). */
    alt: jsonb().$type<LocalizedText>().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("business_picture_position").on(table.businessId, table.position),
    index("business_picture_file_idx").on(table.file),
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

/**
 * A listing's public reply to a review: one per review, written by one of its owners (or staff on
 * the manage pages), shown under the review as the owner's response. Moderated like the other texts.
 */
export const reviewReply = pgTable(
  "review_reply",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer()
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    /** Who wrote it (the audit trail keeps it too); null once that account is deleted. */
    authorId: text().references(() => user.id, { onDelete: "set null" }),
    body: text().notNull(),
    locale: text().$type<Locale>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when it is changed, so the page can say "edited". */
    editedAt: timestamp({ withTimezone: true }),
    /** Set while moderators hide it (app/platform/moderation.ts): why, and a note for "other". */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenNote: text(),
  },
  (table) => [
    // Once per review: a second reply is a 409, the first one is edited instead.
    unique("review_reply_review").on(table.reviewId),
    check("review_reply_hidden_reason", hiddenReasonCheck(table.hiddenAt, table.hiddenReason)),
    // The console's list of hidden items, most recently hidden first.
    index("review_reply_hidden_idx")
      .on(table.hiddenAt, table.id)
      .where(sql`${table.hiddenAt} is not null`),
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
    /**
     * Whether its writer owned the business when they answered (decision 0054): the badge says
     * who spoke for the business then, and stays true after they leave.
     */
    byOwner: boolean().notNull().default(false),
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
 * A report about a review, question, answer or owner's reply (exactly one), kept for someone to review: a
 * reason from the list and optional details. One report per player per item.
 */
export const directoryReport = pgTable(
  "directory_report",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer().references(() => review.id, { onDelete: "cascade" }),
    questionId: integer().references(() => businessQuestion.id, { onDelete: "cascade" }),
    answerId: integer().references(() => questionAnswer.id, { onDelete: "cascade" }),
    replyId: integer().references(() => reviewReply.id, { onDelete: "cascade" }),
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
    index("directory_report_open_reply_idx")
      .on(table.replyId, table.createdAt)
      .where(sql`${table.resolvedAt} is null and ${table.replyId} is not null`),
    check(
      "directory_report_one_target",
      sql`num_nonnulls(${table.reviewId}, ${table.questionId}, ${table.answerId}, ${table.replyId}) = 1`,
    ),
    check(
      "directory_report_reason",
      sql`${table.reason} in ('spam', 'offensive', 'personal', 'false', 'other')`,
    ),
    unique("directory_report_review").on(table.reviewId, table.userId),
    unique("directory_report_question").on(table.questionId, table.userId),
    unique("directory_report_answer").on(table.answerId, table.userId),
    unique("directory_report_reply").on(table.replyId, table.userId),
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
 * Each version of a listing's editable fields (and its products, in order), kept so staff can
 * restore an earlier one: the version as it was first listed (no one made it) and every saved one
 * after it, with who saved it in which role.
 */
export const businessVersion = pgTable(
  "business_version",
  {
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    snapshot: jsonb().notNull(),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    actorRole: text(),
    // Milliseconds, as a JavaScript Date holds them.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.version] })],
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

/**
 * How a listing is found, one row per business and day (the day in the business's own time zone,
 * so an owner's Monday is theirs): counts only, nothing about who (no address, player, cookie or
 * referrer). Rows older than two years are swept (directory/stats.server.ts).
 */
export const businessDailyStat = pgTable(
  "business_daily_stat",
  {
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    pageViews: integer().notNull().default(0),
    saves: integer().notNull().default(0),
    shares: integer().notNull().default(0),
    websiteClicks: integer().notNull().default(0),
    phoneClicks: integer().notNull().default(0),
    directionsClicks: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.day] }),
    // The retention sweep deletes by day across every business.
    index("business_daily_stat_day_idx").on(table.day),
  ],
);

/**
 * A listing's weekly opening hours: one row per range, several a day (a lunch break). A range whose
 * `closes` is not after `opens` ends the next day (22:00–02:00 belongs to the day it starts);
 * equal times are the whole day. A weekday without rows is closed, once the listing has any row;
 * a listing with none keeps `business.opens_at`/`closes_at` every day (decision 0056).
 */
export const businessHours = pgTable(
  "business_hours",
  {
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    /** ISO weekday: 1 is Monday, 7 Sunday. */
    weekday: smallint().notNull(),
    position: smallint().notNull(),
    opens: time().notNull(),
    closes: time().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.weekday, table.position] }),
    check("business_hours_weekday", sql`${table.weekday} between 1 and 7`),
  ],
);

/** A range of hours on a day, local time, "HH:MM" (as `business_hours` keeps them). */
export type HoursRange = { opens: string; closes: string };

/**
 * A date whose hours are not the week's (a holiday): closed when `ranges` is empty, else those
 * ranges, with an optional label shown beside it.
 */
export const businessSpecialDay = pgTable(
  "business_special_day",
  {
    businessId: integer()
      .notNull()
      .references(() => business.id, { onDelete: "cascade" }),
    day: date().notNull(),
    ranges: jsonb().$type<HoursRange[]>().notNull(),
    label: text().notNull().default(""),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.day] })],
);
