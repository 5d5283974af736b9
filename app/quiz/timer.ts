import { z } from "zod";

/**
 * Seconds a quiz question allows: 30 (SPEC.md), 60 (extra time) or 0 (untimed play, WCAG 2.2.1).
 * The player's setting; the players area stores it, the quiz applies it.
 */
export const QUIZ_TIMERS = [30, 60, 0] as const;

export type QuizTimer = (typeof QUIZ_TIMERS)[number];

/** The timer as forms send it (text) and JSON clients (a number). */
export const quizTimerField = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : value),
  z.union(
    QUIZ_TIMERS.map((seconds) => z.literal(seconds)),
    "profile.settings.invalid",
  ),
);
