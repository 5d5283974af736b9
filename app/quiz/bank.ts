import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";
import { QUESTIONS_PER_SET, QUIZ_CATEGORIES, SETS_PER_CATEGORY } from "./categories.ts";

/**
 * Lengths that still read well on a 375 px phone screen, with options in two columns; see
 * content/quiz/README.md.
 */
export const BANK_LIMITS = { text: 140, option: 40, explanation: 180 } as const;

const question = z.object({
  text: z.string().trim().min(1).max(BANK_LIMITS.text),
  options: z.array(z.string().trim().min(1).max(BANK_LIMITS.option)).length(4),
  answer: z.string(),
  explanation: z.string().trim().min(1).max(BANK_LIMITS.explanation),
});

export const bankSchema = z.object({
  category: z.enum(QUIZ_CATEGORIES),
  locale: z.enum(LOCALES),
  title: z.string().trim().min(1),
  coverAlt: z.string().trim().min(1),
  sets: z
    .array(
      z.object({
        set: z.number().int().min(1).max(SETS_PER_CATEGORY),
        questions: z.array(question).length(QUESTIONS_PER_SET),
      }),
    )
    .length(SETS_PER_CATEGORY),
});

export type Bank = z.infer<typeof bankSchema>;

function comparable(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * Every problem with a bank, as readable lines (empty when it is sound): its shape, then the rules
 * a shape cannot say — sets in order, distinct options, an answer among them, no repeated question.
 */
export function checkBank(input: unknown): string[] {
  const parsed = bankSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  }
  const problems: string[] = [];
  const seen = new Map<string, string>();
  parsed.data.sets.forEach((set, setIndex) => {
    if (set.set !== setIndex + 1)
      problems.push(`sets.${setIndex}: numbered ${set.set}, expected ${setIndex + 1}`);
    set.questions.forEach((item, questionIndex) => {
      const where = `set ${set.set} question ${questionIndex + 1}`;
      if (new Set(item.options.map(comparable)).size !== item.options.length) {
        problems.push(`${where}: options are not distinct`);
      }
      if (!item.options.includes(item.answer))
        problems.push(`${where}: the answer is not one of the options`);
      const key = comparable(item.text);
      const earlier = seen.get(key);
      if (earlier) problems.push(`${where}: repeats ${earlier}`);
      else seen.set(key, where);
    });
  });
  return problems;
}
