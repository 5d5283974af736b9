import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
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
