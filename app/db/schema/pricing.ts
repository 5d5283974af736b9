import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";
import { business, type LocalizedText } from "./directory.ts";

/** A feature list in both site languages. */
export type LocalizedList = { "en-CA": string[]; "fr-CA": string[] };

/** A plan businesses can choose; prices are the full amounts in cents CAD, taxes extra. */
export const pricingPlan = pgTable(
  "pricing_plan",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    position: smallint().notNull().unique(),
    name: jsonb().$type<LocalizedText>().notNull(),
    summary: jsonb().$type<LocalizedText>().notNull(),
    features: jsonb().$type<LocalizedList>().notNull(),
    monthlyPriceCents: integer().notNull(),
    annualPriceCents: integer().notNull(),
    recommended: boolean().notNull().default(false),
    /** How many times staff saved it (the conditional UPDATE's guard); seeding skips it once > 0. */
    version: integer().notNull().default(0),
  },
  (table) => [
    check(
      "pricing_plan_prices",
      sql`${table.monthlyPriceCents} >= 0 and ${table.annualPriceCents} >= 0`,
    ),
    // One plan at most is the recommended one.
    uniqueIndex("pricing_plan_one_recommended")
      .on(table.recommended)
      .where(sql`${table.recommended}`),
  ],
);

/** A business asking for a plan, and optionally to claim its listing; contacted by the team. */
export const planRequest = pgTable(
  "plan_request",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    planId: integer()
      .notNull()
      .references(() => pricingPlan.id),
    billing: text().$type<"monthly" | "annual">().notNull(),
    /** The price quoted on the page when the request was sent, in cents, taxes extra. */
    priceCents: integer().notNull(),
    businessName: text().notNull(),
    contactName: text().notNull(),
    email: text().notNull(),
    /** E.164, e.g. +15145550123. */
    phone: text().notNull(),
    province: text().notNull(),
    claimBusinessId: integer().references(() => business.id, { onDelete: "set null" }),
    /** The account that sent it, when signed in; a visitor's request has only its contact e-mail. */
    userId: text().references(() => user.id, { onDelete: "set null" }),
    locale: text().notNull(),
    /** The moves between these are one table: app/pricing/request-states.ts. */
    status: text().$type<PlanRequestStatus>().notNull().default("new"),
    // Milliseconds, as a JavaScript Date holds them: the console's queue pages by (createdAt, id).
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("plan_request_billing", sql`${table.billing} in ('monthly', 'annual')`),
    check("plan_request_status", sql`${table.status} in ('new', 'contacted', 'won', 'lost')`),
    // The console's queue and list: open requests (new or contacted), oldest first.
    index("plan_request_open_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.status} in ('new', 'contacted')`),
  ],
);

export const PLAN_REQUEST_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type PlanRequestStatus = (typeof PLAN_REQUEST_STATUSES)[number];

/** A staff member's note on a plan request (a call, what was said), with its author and time. */
export const planRequestNote = pgTable(
  "plan_request_note",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => planRequest.id, { onDelete: "cascade" }),
    authorId: text().references(() => user.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("plan_request_note_request_idx").on(table.requestId, table.createdAt)],
);
