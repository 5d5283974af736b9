import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** A file in storage to attach when the message is sent: the row names it, the bytes stay in storage. */
export type StoredAttachment = {
  folder: string;
  /** The name the storage gave the file. */
  name: string;
  /** The name the recipient sees. */
  filename: string;
  contentType: string;
};

/**
 * Every e-mail the site sends, queued in the transaction of what caused it and sent by the mail
 * worker (app/platform/mail-worker.server.ts). Rows stay after sending or failing, so /dev/outbox
 * and the database show what happened to each message.
 */
export const outboxEmail = pgTable(
  "outbox_email",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Sent as the Message-ID, the same on every attempt, so a receiver can drop a repeat. */
    messageId: uuid().notNull().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    attachments: jsonb().$type<StoredAttachment[]>().notNull().default([]),
    /** Extra header lines, such as List-Unsubscribe (RFC 8058) on a mail people subscribed to. */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check("outbox_email_status", sql`${table.status} in ('pending', 'sent', 'failed')`),
    // The worker's question, "what is due?", reads only the pending rows, however many were sent.
    index("outbox_email_due_idx")
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Attempts per subject (a client address, a player) and action in the current window: job
 * applications, alerts and reports, reviews and questions. In the database so the limits hold
 * across restarts and servers (app/platform/rate-limit.server.ts).
 */
export const attemptWindow = pgTable("attempt_window", {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});

/**
 * Every action of staff (and of owners and employers): who, in which role, did what to which row,
 * its state before and after, why, when and from where. Written in the same transaction as the
 * action (app/platform/audit.server.ts), so an action that fails leaves no row; append-only: a
 * trigger of migration "audit_trail" refuses UPDATE and DELETE. The actor is not a foreign key, so
 * no deletion of an account can reach the trail.
 */
export const auditEvent = pgTable(
  "audit_event",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: text().notNull(),
    /** The role the actor acted in: moderator, admin, owner, employer, parent. */
    actorRole: text().notNull(),
    /** What was done, `area.verb` (e.g. `order.mark_paid`, `report.hide`). */
    action: text().notNull(),
    /** The kind of row acted on (`order`, `review`, `user`…) and its id. */
    targetKind: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    reason: text(),
    clientAddress: text(),
  },
  (table) => [
    index("audit_event_at_idx").on(table.at),
    index("audit_event_target_idx").on(table.targetKind, table.targetId, table.at),
    index("audit_event_actor_idx").on(table.actorId, table.at),
    index("audit_event_action_idx").on(table.action, table.at),
  ],
);

/**
 * How many open reports each reported item has, by reason: one row per kind, item and reason
 * while any is open. Kept by triggers on directory_report, business_report and job_report in the
 * same statement as every insert, update and delete of a report (migration 0052), so the staff
 * queue counts its items and tallies a page's reports from these few rows, never by reading every
 * open report (100,000 of them cost 10 ms a queue page).
 */
export const openReportTally = pgTable(
  "open_report_tally",
  {
    /** The moderated kind: review, question, answer, reply, business, job. */
    kind: text().notNull(),
    itemId: integer().notNull(),
    reason: text().notNull(),
    open: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId, table.reason] }),
    // Zero only between the trigger's add and its delete of the rows it emptied.
    check("open_report_tally_open", sql`${table.open} >= 0`),
  ],
);
