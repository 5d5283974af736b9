import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";
import { AppError } from "../platform/errors.ts";
import { QUESTIONS_PER_SET, QUIZ_CATEGORIES } from "./categories.ts";
import { FEEDBACK_MAX } from "./rules.ts";
import { quizTimerField } from "./timer.ts";

/** A whole number from a form (text) or JSON (a number). */
const whole = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : value),
    z.number("errors.invalid_value").int("errors.invalid_value").min(min).max(max),
  );

const category = z.enum(QUIZ_CATEGORIES, "quiz.problems.unknownCategory");
const position = whole(1, QUESTIONS_PER_SET);
/** The place of the chosen option as shown (0 to 3); none, or null, when the time ran out. */
const choice = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  whole(0, 3).nullable(),
);
const feedbackText = z
  .string("quiz.feedback.empty")
  .trim()
  .min(1, "quiz.feedback.empty")
  .max(FEEDBACK_MAX, "quiz.feedback.tooLong");
const sessionId = z.uuid("errors.not_found");

/** POST /api/quiz/sessions: the category to start; the set's language defaults to the request's. */
export const startSchema = z.strictObject({
  category,
  locale: z.enum(LOCALES, "errors.invalid_value").optional(),
});

/** POST /api/quiz/sessions/{id}/practice: the set's language defaults to the request's. */
export const practiceSchema = z.strictObject({
  locale: z.enum(LOCALES, "errors.invalid_value").optional(),
});

/** POST /api/quiz/sessions/{id}/answers. */
export const answerSchema = z.strictObject({ position, choice });

/** POST /api/quiz/sessions/{id}/feedback. */
export const feedbackSchema = z.strictObject({ text: feedbackText });

/** The /playgames forms, one per intent; an intent it does not know is refused. */
export const playFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("start"), category }),
    z.object({ intent: z.literal("practice"), session: sessionId }),
    z.object({ intent: z.literal("answer"), session: sessionId, position, choice }),
    z.object({ intent: z.literal("next"), session: sessionId }),
    z.object({ intent: z.literal("finish"), session: sessionId }),
    z.object({ intent: z.literal("feedback"), session: sessionId, text: feedbackText }),
    z.object({ intent: z.literal("timer"), quizTimer: quizTimerField }),
    z.object({ intent: z.literal("language") }),
  ],
  { error: "errors.unknown_intent" },
);

export type PlayForm = z.infer<typeof playFormSchema>;

const PLAY_INTENTS = [
  "start",
  "practice",
  "answer",
  "next",
  "finish",
  "feedback",
  "timer",
  "language",
] as const;

/** Which of the page's forms was sent, when it names one, so its problem shows beside it. */
export function playIntentOf(raw: unknown): PlayForm["intent"] | undefined {
  const intent = (raw as { intent?: unknown } | null)?.intent;
  return PLAY_INTENTS.find((known) => known === intent);
}

/** A session id from an address: anything that is not one names no session of this player. */
export function parseSessionId(value: string | undefined): string {
  const parsed = sessionId.safeParse(value);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data;
}
