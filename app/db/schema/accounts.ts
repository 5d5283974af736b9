import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { Locale } from "../../i18n/locale.ts";

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
    /**
     * Whether other players may open this profile, follow it and see the name and picture. Starts
     * true only for players who gave an age of 14 or more at sign-up (app/players/identity.ts).
     */
    profilePublic: boolean().notNull().default(false),
    points: integer().notNull().default(0),
    usesPoints: integer().notNull().default(0),
    winner: integer().notNull().default(0),
    playMatch: integer().notNull().default(0),
    notification: boolean().notNull().default(true),
    /** Seconds a quiz question allows: 30, 60, or 0 for untimed play. */
    quizTimer: smallint().$type<0 | 30 | 60>().notNull().default(30),
    /**
     * A parent's daily limit on quiz points for their child, below the site's (decision 0071):
     * the quiz credits up to the lower of the two. Null: the site's cap alone.
     */
    familyPointsCap: smallint(),
    locale: text().$type<Locale>().notNull().default("en-CA"),
    /**
     * Who runs the site: "moderator" and "admin" open the console at /staff (DESIGN.md, parties and
     * roles). Named as Better Auth's admin plugin names it.
     */
    role: text().$type<"player" | "moderator" | "admin">().notNull().default("player"),
    /** A suspended account: its sessions are gone and signing in says so (the console's ban). */
    banned: boolean().notNull().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
    /** Better Auth's two-factor plugin: TOTP is on, so signing in asks for a code. Staff must. */
    twoFactorEnabled: boolean().notNull().default(false),
    /**
     * A parent's consent for a child under 14 (decision 0064): "not_needed" (14 or over, or no age
     * given), "needs_parent" (an account older than the consent flow: asked for a parent's address
     * at its next sign-in), "pending" (the parent was written to), "given". Only "not_needed" and
     * "given" are shown to anyone (`listedPlayer`); the leaderboard's counts follow it.
     */
    consentStatus: text().$type<ConsentStatus>().notNull().default("not_needed"),
    /** When a "pending" child's account is deleted if no parent has consented by then. */
    consentDueBy: timestamp({ withTimezone: true }),
  },
  (table) => [
    check("user_age_range", sql`${table.age} between 4 and 120`),
    check("user_points_positive", sql`${table.points} >= 0 and ${table.usesPoints} >= 0`),
    // The balance (points - usesPoints) never goes below 0: redeeming takes only what is there.
    check("user_balance_not_negative", sql`${table.points} >= ${table.usesPoints}`),
    // The leaderboard's index, user_balance_rank_idx, is in migration
    // "player_balance_count_triggers": drizzle cannot write its INCLUDE (docs/decisions/0016).
    check("user_quiz_timer", sql`${table.quizTimer} in (0, 30, 60)`),
    check("user_family_points_cap", sql`${table.familyPointsCap} > 0`),
    check("user_role", sql`${table.role} in ('player', 'moderator', 'admin')`),
    check(
      "user_consent_status",
      sql`${table.consentStatus} in ('not_needed', 'needs_parent', 'pending', 'given')`,
    ),
    // The scheduled deletion reads the children whose week is over.
    index("user_consent_due_idx")
      .on(table.consentDueBy)
      .where(sql`${table.consentDueBy} is not null`),
    // Staff are few: the console's list of them, and the role check inside each staff write, read this.
    index("user_staff_idx").on(table.role).where(sql`${table.role} <> 'player'`),
  ],
);

export type ConsentStatus = "not_needed" | "needs_parent" | "pending" | "given";

/**
 * A player others may see: not a child still waiting for a parent's consent (decision 0064). The
 * leaderboard's index and its counting triggers hold the same condition, written out in SQL.
 */
export const listedPlayer = sql`${user.consentStatus} in ('not_needed', 'given')`;

/** A ban in force: set and not past its end. A ban that expired no longer refuses anything. */
export const banInForce = sql`(${user.banned} and (${user.banExpires} is null or ${user.banExpires} > now()))`;

/** Better Auth's two-factor plugin: the TOTP secret and the recovery codes, both encrypted by it. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean().notNull().default(true),
    failedVerificationCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (table) => [
    index("two_factor_user_idx").on(table.userId),
    index("two_factor_secret_idx").on(table.secret),
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

/**
 * Sign-in attempts per account, whoever makes them and from wherever: the key is a hash of the
 * normalized e-mail (never the address itself), so unknown addresses count the same as known ones.
 * Each attempt counts until it succeeds; past a few, the next must wait (decision 0034).
 */
export const signInFailure = pgTable("sign_in_failure", {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastFailedAt: timestamp({ withTimezone: true }).notNull(),
});
