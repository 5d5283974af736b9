import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";
import { allItems } from "../platform/wire.ts";
import {
  QUESTIONS_PER_SET,
  QUIZ_CATEGORIES,
  QUIZ_TIMERS,
  SETS_PER_CATEGORY,
} from "./categories.ts";
import { MIN_ANSWER_MS } from "./rules.ts";

/**
 * What the quiz's pages and API send about a player's play (app/quiz/sessions.server.ts); the API
 * document is generated from these schemas.
 */

const categorySchema = z.enum(QUIZ_CATEGORIES);
const setNumber = z.int().min(1).max(SETS_PER_CATEGORY);
const choicePlace = z.int().min(0).max(3);
const sessionId = z.uuid();

/** What the player sees of the result of an answer: sent only once the question is answered. */
export const answerResultSchema = z
  .object({
    choice: choicePlace
      .nullable()
      .meta({ description: "The place of the option chosen, as shown; null for a time-out" }),
    correct: z.boolean(),
    timedOut: z.boolean(),
    tooFast: z.boolean().meta({
      description: `Answered sooner than ${MIN_ANSWER_MS} ms after the question was shown (by the server's clock): it earns 0 points, right or wrong`,
    }),
    answer: choicePlace.meta({ description: "The place of the right answer, as shown" }),
    explanation: z.string(),
    points: z.int().min(-2).max(2).meta({ description: "+2 right, -2 wrong, 0 too fast" }),
  })
  .meta({
    description:
      "Sent only once the question is answered, or once its time has run out by the server's clock.",
  });
export type AnswerResult = z.output<typeof answerResultSchema>;

const questionViewSchema = z.object({
  position: z.int().min(1).max(QUESTIONS_PER_SET),
  text: z.string(),
  options: z
    .array(z.string())
    .length(4)
    .meta({ description: "In this session's own order, shuffled by the server" }),
  timeLeftMs: z.int().min(0).nullable().meta({
    description:
      "What the countdown shows: the time left now, or, once the question is answered, what was left at the answer. Null when untimed. Answers count until 2 s after it reaches 0.",
  }),
  result: answerResultSchema
    .nullable()
    .meta({ description: "Null until the question is answered or its time has run out" }),
});

/** The session being played: the question to show, and the set's points so far. */
export const playStateSchema = z
  .object({
    id: sessionId,
    category: categorySchema,
    set: setNumber,
    locale: z.enum(LOCALES).meta({
      description:
        "The bank the set plays. Resumed in the other language, the questions not answered yet become that bank's questions of the same set and place, on the same clock",
    }),
    practice: z.boolean().meta({
      description: "A finished set played again: scored, but finishing it credits nothing",
    }),
    timer: z.union(QUIZ_TIMERS.map((seconds) => z.literal(seconds))).meta({
      description:
        "Seconds the current question allows, fixed when it was shown: a timer change applies from the next question; 0 is untimed",
    }),
    total: z.int().meta({ example: QUESTIONS_PER_SET }),
    score: z.int().min(0).meta({
      description: "Points of this set so far: +2 right, -2 wrong, 0 too fast; never below 0",
    }),
    correct: z.int().min(0),
    answered: z.int().min(0).max(QUESTIONS_PER_SET),
    question: questionViewSchema,
  })
  .meta({
    description:
      "The player's unfinished session: its set, the points so far and the question to play now.",
  });
export type PlayState = z.output<typeof playStateSchema>;

export const setResultsSchema = z.object({
  id: sessionId,
  category: categorySchema,
  set: setNumber,
  practice: z.boolean().meta({ description: "A practice set: it credited nothing" }),
  score: z
    .int()
    .min(-2 * QUESTIONS_PER_SET)
    .max(2 * QUESTIONS_PER_SET)
    .meta({ description: "The sum of the answers' points; what the player got is `earned`" }),
  total: z.int().meta({ example: QUESTIONS_PER_SET }),
  correct: z.int().min(0).max(QUESTIONS_PER_SET),
  incorrect: z.int().min(0).max(QUESTIONS_PER_SET),
  earned: z
    .int()
    .min(0)
    .max(2 * QUESTIONS_PER_SET)
    .meta({
      description:
        "Points credited: the score, never below 0, within the daily cap (QUIZ_DAILY_POINTS_CAP, a day from midnight in Toronto); 0 for practice",
    }),
  tooFastAnswers: z
    .int()
    .min(0)
    .max(QUESTIONS_PER_SET)
    .meta({
      description: `Answers given sooner than ${MIN_ANSWER_MS} ms after their question was shown, which earned nothing`,
    }),
  dailyCapReached: z.boolean().meta({
    description: "Whether the player has earned today's cap of quiz points, as of this response",
  }),
  feedbackSent: z.boolean(),
});
export type SetResults = z.output<typeof setResultsSchema>;

const categoryProgressSchema = z.object({
  category: categorySchema,
  completedSets: z.int().min(0).max(SETS_PER_CATEGORY),
  nextSet: setNumber.nullable().meta({
    description: "The set starting the category plays; null once every set is done",
  }),
});
export type CategoryProgress = z.output<typeof categoryProgressSchema>;

/** GET /api/quiz/categories: each category's progress, with the number of sets it has. */
export const categoryListSchema = allItems(
  categoryProgressSchema.extend({ totalSets: z.int().meta({ example: SETS_PER_CATEGORY }) }),
);
