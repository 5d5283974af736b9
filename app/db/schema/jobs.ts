import { sql } from "drizzle-orm";
import {
  boolean,
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
import { PROVINCES } from "../../platform/provinces.ts";
import { user } from "./accounts.ts";
import { hiddenReasonCheck, resolutionCheck } from "./moderation.ts";

/** A posting's status (app/jobs/posting-status.ts holds its moves). */
export type PostingStatus = "draft" | "held" | "published" | "closed";

/** Where an application is (app/jobs/application-status.ts holds its moves). */
export const APPLICATION_STATUSES = [
  "received",
  "under_review",
  "interviewing",
  "offer",
  "hired",
  "not_selected",
  "withdrawn",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

type LocalizedText = { "en-CA": string; "fr-CA": string };
type LocalizedList = { "en-CA": string[]; "fr-CA": string[] };

/** The filters a job alert was made with (keywords, location, employer types, work settings). */
export type AlertFilters = {
  keywords: string;
  location: string;
  employerTypes: string[];
  workSettings: string[];
};

/**
 * A posting's screening question (app/jobs/screening.ts): yes/no or a short text, its text in
 * English and/or French (at least one, checked by its schema).
 */
export type ScreeningQuestion = {
  kind: "yesNo" | "text";
  text: { "en-CA"?: string; "fr-CA"?: string };
};

/** An employer's description: in English, in French, or both (at least one, checked by its schema). */
type PartlyLocalizedText = { "en-CA"?: string; "fr-CA"?: string };

/**
 * An employer profile (issue 27): the company that posts jobs, managed by its members. Staff verify
 * it in the back office; until then its postings wait in the queue. The contact address is private
 * (staff write to it; never sent to a browser).
 */
export const employer = pgTable(
  "employer",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** A picture in the public content folder, through the image pipeline; none until uploaded. */
    logo: text(),
    website: text(),
    description: jsonb().$type<PartlyLocalizedText>().notNull(),
    /** The head office's province or territory. */
    province: text().notNull(),
    contactEmail: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when staff verified it; the badge shows from then on. */
    verifiedAt: timestamp({ withTimezone: true }),
    /**
     * Set when staff refused to verify it, with their reason (members read it): it leaves the
     * queue. Never both verified and rejected.
     */
    rejectedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
  },
  (table) => [
    check("employer_decision", sql`${table.verifiedAt} is null or ${table.rejectedAt} is null`),
    index("employer_waiting_idx")
      .on(table.createdAt)
      .where(sql`${table.verifiedAt} is null and ${table.rejectedAt} is null`),
    check(
      "employer_province",
      sql`${table.province} in ${sql.raw(`(${PROVINCES.map((code) => `'${code}'`).join(", ")})`)}`,
    ),
  ],
);

/** The players who manage an employer: its founder, and those invited after. */
export const employerMember = pgTable(
  "employer_member",
  {
    employerId: integer()
      .notNull()
      .references(() => employer.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    via: text().$type<"founder" | "invite">().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.employerId, table.userId] }),
    index("employer_member_user_idx").on(table.userId),
    check("employer_member_via", sql`${table.via} in ('founder', 'invite')`),
  ],
);

/**
 * An invitation to become a member of an employer, sent by e-mail as a signed link: valid until
 * `expires_at`, used once (by the player signed in with that address).
 */
export const employerInvite = pgTable(
  "employer_invite",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    employerId: integer()
      .notNull()
      .references(() => employer.id, { onDelete: "cascade" }),
    email: text().notNull(),
    invitedBy: text().references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: text().references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("employer_invite_employer_idx").on(table.employerId)],
);

/**
 * A job posting. Texts a seeker reads are in both languages; the contact e-mail is private (it
 * receives applications and is never sent to a browser). Search reads `search_text` (titles,
 * company, skills) and `search_location` (city, province code and names, postal code prefix):
 * lower-case words without accents, space-separated, with a space at each end. The long texts
 * live in `job_text`, so the rows a search reads stay narrow and in memory.
 */
export const job = pgTable(
  "job",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The employer's or the seed's own reference, unique: seeding twice adds nothing. */
    reference: text().notNull().unique(),
    /** The employer profile that posted it; null for the seed's postings. */
    employerId: integer().references(() => employer.id, { onDelete: "cascade" }),
    title: jsonb().$type<LocalizedText>().notNull(),
    company: text().notNull(),
    companyLogo: text().notNull(),
    city: text().notNull(),
    province: text().notNull(),
    postalCode: text().notNull(),
    workSetting: text().notNull(),
    employerType: text().notNull(),
    employmentType: text().notNull(),
    payMinCents: integer().notNull(),
    payMaxCents: integer().notNull(),
    payPeriod: text().notNull(),
    /** Ontario's statements: null where the province does not ask for them. */
    aiScreening: boolean(),
    existingVacancy: boolean(),
    contactEmail: text().notNull(),
    contactLocale: text().notNull(),
    /**
     * Where the posting is in its life (app/jobs/posting-status.ts): a draft its employer is still
     * writing, held for staff (its employer is not verified yet), published, or closed. Only a
     * published posting is open: `is_open` is kept equal to `status = 'published'` (the check
     * below), because the search, its word postings triggers, the sitemap and JSON-LD read it.
     */
    status: text().$type<PostingStatus>().notNull().default("published"),
    isOpen: boolean().notNull().default(true),
    postedAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    searchText: text().notNull(),
    searchLocation: text().notNull(),
    /**
     * Why staff last sent the held posting back to its employer's drafts, shown on its page to the
     * employer; cleared as it is published or held again.
     */
    sentBackReason: text(),
    /** Set while moderators hide it (app/platform/moderation.ts): why, and a note for "other". */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenNote: text(),
  },
  (table) => [
    check("job_hidden_reason", hiddenReasonCheck(table.hiddenAt, table.hiddenReason)),
    // The console's list of hidden items, most recently hidden first.
    index("job_hidden_idx").on(table.hiddenAt, table.id).where(sql`${table.hiddenAt} is not null`),
    check(
      "job_pay_range",
      sql`${table.payMinCents} > 0 and ${table.payMaxCents} >= ${table.payMinCents}`,
    ),
    // An employer's own postings, newest first.
    index("job_employer_idx")
      .on(table.employerId, table.postedAt)
      .where(sql`${table.employerId} is not null`),
    check("job_status", sql`${table.status} in ('draft', 'held', 'published', 'closed')`),
    check("job_open_status", sql`${table.isOpen} = (${table.status} = 'published')`),
    // The back office's queue of held postings, oldest first.
    index("job_held_idx").on(table.updatedAt, table.id).where(sql`${table.status} = 'held'`),
    // The closing task's walk: published postings by closing date.
    index("job_published_closes_idx").on(table.closesAt).where(sql`${table.status} = 'published'`),
    check("job_pay_period", sql`${table.payPeriod} in ('hour', 'year')`),
    check("job_work_setting", sql`${table.workSetting} in ('onsite', 'remote', 'hybrid')`),
    check("job_employer_type", sql`${table.employerType} in ('direct', 'recruiter', 'other')`),
    check(
      "job_ontario_statements",
      sql`${table.province} <> 'ON' or ${table.postedAt} < '2026-01-01T05:00:00Z' or (${table.aiScreening} is not null and ${table.existingVacancy} is not null)`,
    ),
    // The list: open postings newest first (a posting moderators hid is not listed). Ascending, read backwards (a DESC index is written
    // NULLS LAST by drizzle and would not match ORDER BY ... DESC). The filter columns follow, so a
    // walk down the list checks every filter from the index alone (drizzle has no INCLUDE).
    index("job_open_rank_idx")
      .on(
        table.postedAt,
        table.id,
        table.closesAt,
        table.employerType,
        table.workSetting,
        table.searchLocation,
        table.searchText,
      )
      .where(sql`${table.isOpen} and ${table.hiddenAt} is null`),
    // Rare words: trigrams find their rows without walking the list. One index for both columns,
    // so keywords and a location together are intersected inside it.
    index("job_search_trgm_idx")
      .using("gin", table.searchText.op("gin_trgm_ops"), table.searchLocation.op("gin_trgm_ops"))
      .where(sql`${table.isOpen} and ${table.hiddenAt} is null`),
  ],
);

/**
 * Which search column a word comes from: `k` the keywords (`search_text`), `l` the location
 * (`search_location`).
 */
export type JobWordField = "k" | "l";

/**
 * The search's postings lists (decision 0026): one row per word of an open posting's search
 * columns, in the list's order (newest first, read backwards) with the filters beside it, so a
 * page of one word's postings and their capped count are read from this index alone. Kept by the
 * triggers of migration 0018 in the same transaction as the posting, never written by the app.
 */
export const jobWordPosting = pgTable(
  "job_word_posting",
  {
    field: text().$type<JobWordField>().notNull(),
    word: text().notNull(),
    postedAt: timestamp({ withTimezone: true }).notNull(),
    jobId: integer().notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    employerType: text().notNull(),
    workSetting: text().notNull(),
  },
  (table) => [
    // Every column in the key (drizzle has no INCLUDE), so a search never reads the table.
    index("job_word_posting_list_idx").on(
      table.field,
      table.word,
      table.postedAt,
      table.jobId,
      table.closesAt,
      table.employerType,
      table.workSetting,
    ),
  ],
);

/**
 * Every word the search columns have ever held, by field, with its number of postings: what a
 * search term is looked up in before any postings are read ("dev" finds "developer" and
 * "devops"), and how the rarest term is found. Kept by the same triggers; a word no posting holds
 * any more stays, with no postings.
 */
export const jobWord = pgTable(
  "job_word",
  {
    field: text().$type<JobWordField>().notNull(),
    word: text().notNull(),
    postings: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.field, table.word] }),
    index("job_word_trgm_idx").using("gin", table.word.op("gin_trgm_ops")),
  ],
);

/** A posting's long texts, read only for the rows a page shows. */
export const jobText = pgTable("job_text", {
  jobId: integer()
    .primaryKey()
    .references(() => job.id, { onDelete: "cascade" }),
  overview: jsonb().$type<LocalizedText>().notNull(),
  skills: jsonb().$type<LocalizedList>().notNull(),
  description: jsonb().$type<LocalizedText>().notNull(),
  /** Its screening questions, in the order asked (app/jobs/screening.ts); none by default. */
  questions: jsonb().$type<ScreeningQuestion[]>().notNull().default([]),
});

/** An application: stored with its CV's name in private storage (folder "cvs"). */
export const jobApplication = pgTable(
  "job_application",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer()
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    fullName: text().notNull(),
    email: text().notNull(),
    /** The e-mail as compared for "one application per e-mail per job": trimmed, lower case. */
    emailKey: text().notNull(),
    contactNo: text().notNull(),
    summary: text().notNull(),
    cvName: text().notNull(),
    cvFilename: text().notNull(),
    cvBytes: integer().notNull(),
    locale: text().notNull(),
    /** The signed-in player who applied, if any. */
    userId: text().references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Where it is (app/jobs/application-status.ts); every employer move is e-mailed and audited. */
    status: text().$type<ApplicationStatus>().notNull().default("received"),
    /** The interviews the employer set, in the order set; the last one starts the 45-day clock. */
    interviewAt: timestamp({ withTimezone: true }).array().notNull().default(sql`'{}'`),
    /** The employer's first move out of "received": what the response rate measures. */
    answeredAt: timestamp({ withTimezone: true }),
    /** When the employer's members were reminded of an interview left without a decision. */
    reminderSentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    unique("job_application_once").on(table.jobId, table.emailKey),
    check(
      "job_application_status",
      sql`${table.status} in ${sql.raw(`(${APPLICATION_STATUSES.map((status) => `'${status}'`).join(", ")})`)}`,
    ),
    // The reminder task's walk: interviews still waiting for a decision, not yet reminded.
    index("job_application_undecided_idx")
      .on(table.id)
      .where(sql`${table.status} = 'interviewing' and ${table.reminderSentAt} is null`),
    // A player's own applications (their page), by address when they applied signed out.
    index("job_application_email_idx").on(table.emailKey),
    index("job_application_user_idx").on(table.userId),
  ],
);

/**
 * An application's answers to its posting's screening questions, one row per question, with the
 * question as it was asked (the employer may edit the posting's questions later).
 */
export const jobApplicationAnswer = pgTable(
  "job_application_answer",
  {
    applicationId: integer()
      .notNull()
      .references(() => jobApplication.id, { onDelete: "cascade" }),
    /** The question's place in the posting's list, from 0. */
    position: integer().notNull(),
    question: jsonb().$type<ScreeningQuestion>().notNull(),
    /** "yes" or "no" for a yes/no question, else the applicant's text. */
    answer: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.position] })],
);

/** A job a player saved for later. */
export const savedJob = pgTable(
  "saved_job",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    jobId: integer()
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.jobId] })],
);

/**
 * A job alert: an e-mail and filters. Nothing is sent before the address is confirmed through
 * the e-mailed link (CASL's express consent, with its record: created and confirmed times). Its
 * random token, in the confirmation link and in every mail's unsubscribe link, is all either needs.
 */
export const jobAlert = pgTable(
  "job_alert",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    locale: text().notNull(),
    filters: jsonb().$type<AlertFilters>().notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    /** Postings newer than this are the next mail's news. */
    lastSentAt: timestamp({ withTimezone: true }),
    /** "daily": one mail a day of the news; "instant": a mail as each matching posting is published. */
    frequency: text().$type<AlertFrequency>().notNull().default("daily"),
  },
  (table) => [
    index("job_alert_email_idx").on(table.email),
    check("job_alert_frequency", sql`${table.frequency} in ('daily', 'instant')`),
    // The publishing hook's walk: confirmed alerts sent at once.
    index("job_alert_instant_idx")
      .on(table.id)
      .where(sql`${table.frequency} = 'instant' and ${table.confirmedAt} is not null`),
  ],
);

/** How often an alert mails: once a day, or at once for each posting. */
export type AlertFrequency = "daily" | "instant";

/**
 * The postings an "at once" alert has mailed: one row per alert and posting, so a posting
 * published again (a repost, a staff approval after a hold) is never mailed twice.
 */
export const jobAlertSent = pgTable(
  "job_alert_sent",
  {
    alertId: integer()
      .notNull()
      .references(() => jobAlert.id, { onDelete: "cascade" }),
    jobId: integer()
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.jobId] })],
);

/** "Report this job": kept for review, one per reporter and job. */
export const jobReport = pgTable(
  "job_report",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer()
      .notNull()
      .references(() => job.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    details: text().notNull(),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    /**
     * Who reported: "player:{id}", or for a visitor "address:{hash of the client address}" (the
     * address itself is not kept).
     */
    reporter: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null while open; set when a moderator hides the item ("hidden") or dismisses its reports. */
    resolvedAt: timestamp({ withTimezone: true }),
    resolution: text(),
  },
  (table) => [
    check("job_report_resolution", resolutionCheck(table.resolvedAt, table.resolution)),
    index("job_report_open_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.resolvedAt} is null`),
    index("job_report_open_job_idx")
      .on(table.jobId, table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
    check(
      "job_report_reason",
      sql`${table.reason} in ('scam', 'discrimination', 'inaccurate', 'closed', 'other')`,
    ),
    unique("job_report_one_per_reporter").on(table.jobId, table.reporter),
  ],
);
