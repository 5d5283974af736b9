import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";

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
