import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Mail kept instead of sent when no SMTP_URL is set (development and tests). */
export const outboxEmail = pgTable("outbox_email", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
