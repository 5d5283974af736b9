import { sql } from "drizzle-orm";
import {
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
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
