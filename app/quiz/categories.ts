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

/**
 * Seconds a quiz question allows: 30 (SPEC.md), 60 (extra time) or 0 (untimed play, WCAG 2.2.1).
 */
export const QUIZ_TIMERS = [30, 60, 0] as const;

export type QuizTimer = (typeof QUIZ_TIMERS)[number];

/** A player's stored setting (the session's `quizTimer`) as a QuizTimer; 30 if it is none. */
export function quizTimerOf(seconds: number): QuizTimer {
  return QUIZ_TIMERS.find((timer) => timer === seconds) ?? 30;
}
