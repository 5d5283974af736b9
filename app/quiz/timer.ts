import { z } from "zod";
import { QUIZ_TIMERS } from "./categories.ts";

/**
 * The quiz timer is the player's setting: the players area stores it, the quiz applies it. Both
 * check it with this field, as forms send it (text) and JSON clients (a number).
 */
export const quizTimerField = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : value),
  z.union(
    QUIZ_TIMERS.map((seconds) => z.literal(seconds)),
    "errors.invalid_quiz_timer",
  ),
);
