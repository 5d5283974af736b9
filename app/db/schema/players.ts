import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";

/**
 * A parent's consent for a child under 14 (decision 0064): the child gives the parent's address,
 * which gets a link whose token is stored only as an HMAC; the parent (an adult with a confirmed
 * address) confirms the text of CONSENT_TEXT_VERSION, recorded with the time and client address.
 * Withdrawn consent keeps its row (withdrawn_at). At most two parents per child with consent in
 * force, checked in the consenting transaction (app/players/consent.server.ts). Deleting the child
 * deletes the rows; deleting a parent's account deletes their consent.
 */
export const guardianConsent = pgTable(
  "guardian_consent",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    childId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The address the child gave; the e-mail with the link goes there. */
    parentEmail: text().notNull(),
    /** HMAC of the link's token (app/players/consent.server.ts): the token itself is never kept. */
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The parent who consented: null until then. */
    parentId: text().references(() => user.id, { onDelete: "cascade" }),
    /** The version of the consent text the parent read and confirmed. */
    textVersion: integer(),
    consentedAt: timestamp({ withTimezone: true }),
    /** The client address of the confirming request. */
    consentIp: text(),
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index("guardian_consent_child_idx").on(table.childId),
    index("guardian_consent_parent_idx").on(table.parentId),
    check(
      "guardian_consent_recorded",
      sql`(${table.parentId} is null) = (${table.consentedAt} is null) and (${table.parentId} is null) = (${table.textVersion} is null)`,
    ),
    check("guardian_consent_not_self", sql`${table.parentId} <> ${table.childId}`),
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

/**
 * Every change of a player's points, written in the same transaction as the change itself
 * (app/players/points.server.ts): per player, the sum of `change` is the balance (points minus
 * usesPoints). `source` names what caused the change ("quiz_session:<id>"), once.
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    change: integer().notNull(),
    reason: text().notNull(),
    source: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("points_ledger_user_idx").on(table.userId, table.createdAt)],
);

/**
 * How many players hold each balance (points - usesPoints), kept by statement-level triggers on
 * `user` (migration "player_balance_count_triggers"): a player's rank is 1 + the players above their
 * balance, read from a few hundred rows instead of counting the players themselves (decision 0016).
 */
export const playerBalanceCount = pgTable(
  "player_balance_count",
  {
    balance: integer().primaryKey(),
    players: integer().notNull(),
  },
  (table) => [check("player_balance_count_players", sql`${table.players} >= 0`)],
);

/** A reward players can redeem points for; names in both site languages, cost in points. */
export const redeemGoal = pgTable(
  "redeem_goal",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    name: jsonb().$type<{ "en-CA": string; "fr-CA": string }>().notNull(),
    /** A picture under public/images/redeem/. */
    image: text().notNull(),
    cost: integer().notNull(),
    /** How many times staff saved it (the conditional UPDATE's guard); seeding skips it once > 0. */
    version: integer().notNull().default(0),
  },
  (table) => [check("redeem_goal_cost", sql`${table.cost} > 0`)],
);

/**
 * The moves between these are one table: app/players/redeem-states.ts. A child's request (under 14)
 * starts "awaiting_parent" and reaches staff ("pending") only once a parent approves it.
 */
export const REDEEM_STATUSES = ["awaiting_parent", "pending", "fulfilled", "declined"] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

/**
 * A player's request for a goal: its cost moved into usesPoints, this row and a ledger row written
 * in one transaction (app/players/redeem.server.ts). A resent form or API call carries the same
 * idempotency key and finds this row instead of making a second one.
 */
export const redeemRequest = pgTable(
  "redeem_request",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    goalId: integer()
      .notNull()
      .references(() => redeemGoal.id),
    /** The points charged: the goal's cost at the time. */
    cost: integer().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    /** E.164 (+15145550123). */
    phone: text().notNull(),
    status: text().$type<RedeemStatus>().notNull().default("pending"),
    /**
     * What staff wrote to the player when they fulfilled (a note) or declined (the reason) it; null
     * when a parent declined it.
     */
    note: text(),
    /** When staff fulfilled or declined it, or a parent declined it. */
    decidedAt: timestamp({ withTimezone: true }),
    idempotencyKey: text().notNull(),
    locale: text().notNull(),
    // Milliseconds, as a JavaScript Date holds them: the console's queue pages by (createdAt, id).
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("redeem_request_idempotency").on(table.userId, table.idempotencyKey),
    index("redeem_request_user_idx").on(table.userId, table.createdAt),
    // The console's queue and list: pending requests, oldest first, paged by (createdAt, id).
    index("redeem_request_pending_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    check("redeem_request_cost", sql`${table.cost} > 0`),
    check(
      "redeem_request_status",
      sql`${table.status} in ('awaiting_parent', 'pending', 'fulfilled', 'declined')`,
    ),
  ],
);
