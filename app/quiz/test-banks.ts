import type { Locale } from "../i18n/locale.ts";
import type { Bank } from "./bank.ts";
import { QUESTIONS_PER_SET, type QuizCategory, SETS_PER_CATEGORY } from "./categories.ts";

/**
 * A sound bank of made-up questions for tests: question n asks for n + 1, and its right answer
 * is always the first option, so a test can tell whether the server shuffled them.
 */
export function testBank(category: QuizCategory, locale: Locale): Bank {
  return {
    category,
    locale,
    title: category,
    coverAlt: category,
    sets: Array.from({ length: SETS_PER_CATEGORY }, (_, set) => ({
      set: set + 1,
      questions: Array.from({ length: QUESTIONS_PER_SET }, (_, position) => {
        const n = set * QUESTIONS_PER_SET + position;
        return {
          text: `${locale} ${category}: what is ${n} + 1?`,
          options: [`${n + 1}`, `${n + 2}`, `${n + 3}`, `${n + 4}`],
          answer: `${n + 1}`,
          explanation: `One more than ${n} is ${n + 1}.`,
        };
      }),
    })),
  };
}
