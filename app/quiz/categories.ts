/** Play & Learn's nine categories in SPEC.md's order; the slug names the bank files and covers. */
export const QUIZ_CATEGORIES = [
  "alphabet",
  "math",
  "animal",
  "challenge",
  "arts",
  "science",
  "mini-quiz",
  "language",
  "food",
] as const;

export type QuizCategory = (typeof QUIZ_CATEGORIES)[number];

export const SETS_PER_CATEGORY = 20;
export const QUESTIONS_PER_SET = 5;
