import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { quizQuestion } from "../db/schema/quiz.ts";
import { LOCALES } from "../i18n/locale.ts";
import { type Bank, checkBank } from "./bank.ts";
import { QUIZ_CATEGORIES } from "./categories.ts";

/** Reads every bank that exists under `content/quiz/<locale>/<category>.json`, refusing a bad one. */
export async function readQuizBanks(contentDir: string): Promise<Bank[]> {
  const banks: Bank[] = [];
  for (const locale of LOCALES) {
    for (const category of QUIZ_CATEGORIES) {
      const file = path.join(contentDir, "quiz", locale, `${category}.json`);
      const text = await fs.readFile(file, "utf8").catch(() => undefined);
      if (text === undefined) continue;
      const bank = JSON.parse(text);
      const problems = checkBank(bank);
      if (problems.length > 0) throw new Error(`${file}:\n  ${problems.join("\n  ")}`);
      banks.push(bank as Bank);
    }
  }
  return banks;
}

/**
 * Writes the banks into quiz_question, one row per slot (category, locale, set, position). A slot
 * already there takes the file's wording, so corrections reach the database and a second run
 * changes nothing.
 */
export async function seedQuizQuestions(db: Database, banks: Bank[]): Promise<number> {
  const rows = banks.flatMap((bank) =>
    bank.sets.flatMap((set) =>
      set.questions.map((item, index) => ({
        category: bank.category,
        locale: bank.locale,
        setNumber: set.set,
        position: index + 1,
        text: item.text,
        options: item.options,
        answerIndex: item.options.indexOf(item.answer),
        explanation: item.explanation,
      })),
    ),
  );
  const batchSize = 500;
  for (let start = 0; start < rows.length; start += batchSize) {
    await db
      .insert(quizQuestion)
      .values(rows.slice(start, start + batchSize))
      .onConflictDoUpdate({
        target: [
          quizQuestion.category,
          quizQuestion.locale,
          quizQuestion.setNumber,
          quizQuestion.position,
        ],
        set: {
          text: sql`excluded.text`,
          options: sql`excluded.options`,
          answerIndex: sql`excluded.answer_index`,
          explanation: sql`excluded.explanation`,
        },
        // Leave rows whose wording is unchanged untouched.
        setWhere: sql`(${quizQuestion.text}, ${quizQuestion.options}, ${quizQuestion.answerIndex}, ${quizQuestion.explanation})
          is distinct from (excluded.text, excluded.options, excluded.answer_index, excluded.explanation)`,
      });
  }
  return rows.length;
}
