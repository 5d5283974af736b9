import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./accounts.ts";

export const quizQuestion = pgTable(
  "quiz_question",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    category: text().notNull(),
    locale: text().notNull(),
    setNumber: smallint().notNull(),
    position: smallint().notNull(),
    text: text().notNull(),
    options: jsonb().$type<string[]>().notNull(),
    answerIndex: smallint().notNull(),
    explanation: text().notNull(),
  },
  (table) => [
    unique("quiz_question_slot").on(table.category, table.locale, table.setNumber, table.position),
    check("quiz_question_set_range", sql`${table.setNumber} between 1 and 20`),
    check("quiz_question_position_range", sql`${table.position} between 1 and 5`),
    check("quiz_question_answer_range", sql`${table.answerIndex} between 0 and 3`),
  ],
);

/** Sets completed per player and quiz category (0 to 20). */
export const quizProgress = pgTable(
  "quiz_progress",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    category: text().notNull(),
    completedSets: smallint().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category] }),
    check("quiz_progress_sets_range", sql`${table.completedSets} between 0 and 20`),
  ],
);

/**
 * One set played by one player (DESIGN.md, "Game rules on the server"). The server keeps the
 * questions, the order their options are shown in, the question being played and when it was first
 * shown; the answers are rows of quiz_answer. A player has at most one unfinished session.
 */
export const quizSession = pgTable(
  "quiz_session",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    category: text().notNull(),
    setNumber: smallint().notNull(),
    /** The bank the set was started in; it stays in that language to the end. */
    locale: text().notNull(),
    /** quiz_question ids, by position (1 to 5). */
    questionIds: integer().array().notNull(),
    /** Per position, the bank's option index shown in each place: the shuffle of this session. */
    optionOrders: jsonb().$type<number[][]>().notNull(),
    /** Seconds the current question allows (0: untimed), from the player's setting. */
    timer: smallint().notNull(),
    /** Position (1 to 5) of the question being played. */
    current: smallint().notNull().default(1),
    /** When the server first showed the current question: its deadline counts from here. */
    shownAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * Played again after finishing it (the results' "Practise this set again"): scored and shown,
     * but it credits no points, plays no match and does not advance the category's progress.
     */
    practice: boolean().notNull().default(false),
    /** Written when the set is finished. */
    score: smallint(),
    correct: smallint(),
    /** The points the set credited: its score, never below 0, within the daily cap; 0 in practice. */
    earned: smallint(),
    /** Answers sooner than MIN_ANSWER_MS after their question was shown, which earned nothing. */
    tooFastAnswers: smallint(),
  },
  (table) => [
    uniqueIndex("quiz_session_one_unfinished")
      .on(table.userId)
      .where(sql`${table.finishedAt} is null`),
    // Deleting a player deletes their sessions: the cascade finds them through this index.
    index("quiz_session_user_idx").on(table.userId),
    check("quiz_session_set_range", sql`${table.setNumber} between 1 and 20`),
    check("quiz_session_current_range", sql`${table.current} between 1 and 5`),
    check("quiz_session_timer", sql`${table.timer} in (0, 30, 60)`),
  ],
);

/**
 * The first answer to each question of a session, final: the primary key refuses a second one.
 * A time-out is an answer without a choice.
 */
export const quizAnswer = pgTable(
  "quiz_answer",
  {
    sessionId: uuid()
      .notNull()
      .references(() => quizSession.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    /** The bank's index of the option chosen; null when the time ran out. */
    choice: smallint(),
    correct: boolean().notNull(),
    timedOut: boolean().notNull(),
    /** Given sooner than MIN_ANSWER_MS after the question was shown: it earns nothing. */
    tooFast: boolean().notNull().default(false),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.position] }),
    check("quiz_answer_position_range", sql`${table.position} between 1 and 5`),
  ],
);

/** What a player wrote in the results dialog: one per finished session. */
export const quizFeedback = pgTable(
  "quiz_feedback",
  {
    sessionId: uuid()
      .primaryKey()
      .references(() => quizSession.id, { onDelete: "cascade" }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("quiz_feedback_length", sql`char_length(${table.text}) between 1 and 1000`)],
);
