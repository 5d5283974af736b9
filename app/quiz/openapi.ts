import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";
import {
  type ApiArea,
  errorResponse,
  type Parameter,
  type Schema,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import {
  QUESTIONS_PER_SET,
  QUIZ_CATEGORIES,
  QUIZ_TIMERS,
  SETS_PER_CATEGORY,
} from "./categories.ts";
import { MIN_ANSWER_MS } from "./rules.ts";
import { answerSchema, feedbackSchema, practiceSchema, startSchema } from "./schemas.ts";

const TAG = "Quiz";

/** A request body as the route's own zod schema accepts it, described by that schema. */
function bodyOf(schema: z.ZodType): Schema {
  const { $schema: _dialect, ...body } = z.toJSONSchema(schema, { io: "output" });
  return body;
}

const category = { type: "string", enum: [...QUIZ_CATEGORIES] };

const categoryProgress: Schema = {
  type: "object",
  required: ["category", "completedSets", "totalSets", "nextSet"],
  properties: {
    category,
    completedSets: { type: "integer", minimum: 0, maximum: SETS_PER_CATEGORY },
    totalSets: { type: "integer", const: SETS_PER_CATEGORY },
    nextSet: {
      type: ["integer", "null"],
      minimum: 1,
      maximum: SETS_PER_CATEGORY,
      description: "The set starting the category plays; null once every set is done",
    },
  },
};

const answerResult: Schema = {
  type: "object",
  description:
    "Sent only once the question is answered, or once its time has run out by the server's clock.",
  required: ["choice", "correct", "timedOut", "tooFast", "answer", "explanation", "points"],
  properties: {
    choice: {
      type: ["integer", "null"],
      minimum: 0,
      maximum: 3,
      description: "The place of the option chosen, as shown; null for a time-out",
    },
    correct: { type: "boolean" },
    timedOut: { type: "boolean" },
    tooFast: {
      type: "boolean",
      description: `Answered sooner than ${MIN_ANSWER_MS} ms after the question was shown (by the server's clock): it earns 0 points, right or wrong`,
    },
    answer: {
      type: "integer",
      minimum: 0,
      maximum: 3,
      description: "The place of the right answer, as shown",
    },
    explanation: { type: "string" },
    points: { type: "integer", enum: [2, 0, -2] },
  },
};

const playState: Schema = {
  type: "object",
  description:
    "The player's unfinished session: its set, the points so far and the question to play now.",
  required: [
    "id",
    "category",
    "set",
    "locale",
    "practice",
    "timer",
    "total",
    "score",
    "correct",
    "answered",
    "question",
  ],
  properties: {
    id: { type: "string", format: "uuid" },
    category,
    set: { type: "integer", minimum: 1, maximum: SETS_PER_CATEGORY },
    locale: {
      type: "string",
      enum: [...LOCALES],
      description:
        "The bank the set plays. Resumed in the other language, the questions not answered yet become that bank's questions of the same set and place, on the same clock",
    },
    practice: {
      type: "boolean",
      description: "A finished set played again: scored, but finishing it credits nothing",
    },
    timer: {
      type: "integer",
      enum: [...QUIZ_TIMERS],
      description:
        "Seconds the current question allows, fixed when it was shown: a timer change applies from the next question; 0 is untimed",
    },
    total: { type: "integer", const: QUESTIONS_PER_SET },
    score: {
      type: "integer",
      minimum: 0,
      description: "Points of this set so far: +2 right, -2 wrong, 0 too fast; never below 0",
    },
    correct: { type: "integer", minimum: 0 },
    answered: { type: "integer", minimum: 0, maximum: QUESTIONS_PER_SET },
    question: {
      type: "object",
      required: ["position", "text", "options", "timeLeftMs", "result"],
      properties: {
        position: { type: "integer", minimum: 1, maximum: QUESTIONS_PER_SET },
        text: { type: "string" },
        options: {
          type: "array",
          items: { type: "string" },
          minItems: 4,
          maxItems: 4,
          description: "In this session's own order, shuffled by the server",
        },
        timeLeftMs: {
          type: ["integer", "null"],
          minimum: 0,
          description:
            "What the countdown shows: the time left now, or, once the question is answered, what was left at the answer. Null when untimed. Answers count until 2 s after it reaches 0.",
        },
        result: { oneOf: [schemaRef("QuizAnswerResult"), { type: "null" }] },
      },
    },
  },
};

const setResults: Schema = {
  type: "object",
  required: [
    "id",
    "category",
    "set",
    "practice",
    "score",
    "total",
    "correct",
    "incorrect",
    "earned",
    "tooFastAnswers",
    "dailyCapReached",
    "feedbackSent",
  ],
  properties: {
    id: { type: "string", format: "uuid" },
    category,
    set: { type: "integer", minimum: 1, maximum: SETS_PER_CATEGORY },
    practice: { type: "boolean", description: "A practice set: it credited nothing" },
    score: {
      type: "integer",
      minimum: -10,
      maximum: 10,
      description: "The sum of the answers' points; what the player got is `earned`",
    },
    total: { type: "integer", const: QUESTIONS_PER_SET },
    correct: { type: "integer", minimum: 0, maximum: QUESTIONS_PER_SET },
    incorrect: { type: "integer", minimum: 0, maximum: QUESTIONS_PER_SET },
    earned: {
      type: "integer",
      minimum: 0,
      maximum: 10,
      description:
        "Points credited: the score, never below 0, within the daily cap (QUIZ_DAILY_POINTS_CAP, a day from midnight in Toronto); 0 for practice",
    },
    tooFastAnswers: {
      type: "integer",
      minimum: 0,
      maximum: QUESTIONS_PER_SET,
      description: `Answers given sooner than ${MIN_ANSWER_MS} ms after their question was shown, which earned nothing`,
    },
    dailyCapReached: {
      type: "boolean",
      description: "Whether the player has earned today's cap of quiz points, as of this response",
    },
    feedbackSent: { type: "boolean" },
  },
};

const sessionIdParameter: Parameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The session's id",
  schema: { type: "string", format: "uuid" },
};

const json = (schema: Schema, example?: unknown) => ({
  "application/json": { schema, ...(example === undefined ? {} : { example }) },
});

const stateResponse = (description: string) => ({
  description,
  content: json(schemaRef("QuizPlayState")),
});

const notYours = errorResponse(
  "No session with this id belongs to the signed-in player (another player's session is not found either)",
  ["not_found"],
);

const badBody = (description: string) =>
  errorResponse(`${description}; \`details\` lists the problems`, [
    "invalid_parameters",
    "invalid_json",
  ]);

const common = {
  "401": sharedResponse("Unauthorized"),
  "403": sharedResponse("CrossSite"),
  "500": sharedResponse("InternalError"),
};

/** Play & Learn: the player's progress and their quiz sessions, scored and timed on the server. */
export const quizApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "Play & Learn. The server keeps each set in a session: it shuffles the options, times each question with its own clock, sends a question's answer only once it is answered (or its time ran out), and credits a finished set once. Every call acts on the signed-in player's own sessions.",
  },
  schemas: {
    QuizCategoryProgress: categoryProgress,
    QuizAnswerResult: answerResult,
    QuizPlayState: playState,
    QuizSetResults: setResults,
    QuizStart: bodyOf(startSchema),
    QuizAnswer: { ...bodyOf(answerSchema), required: ["position"] },
    QuizFeedback: bodyOf(feedbackSchema),
    QuizPractice: bodyOf(practiceSchema),
  },
  paths: {
    "/api/quiz/categories": {
      get: {
        operationId: "listQuizCategories",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "The quiz categories and my progress",
        description:
          "The nine categories in order, with the sets the player has completed and the set choosing one starts.",
        responses: {
          "200": {
            description: "The categories",
            content: json({
              type: "object",
              required: ["items"],
              properties: {
                items: { type: "array", items: schemaRef("QuizCategoryProgress") },
              },
            }),
          },
          "401": sharedResponse("Unauthorized"),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/quiz/sessions": {
      post: {
        operationId: "startQuizSession",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Start or resume a set",
        description:
          "Starts the category's next set (its completed count plus one) in `locale` (by default the request's language, from `Accept-Language`), with the player's timer. A player has at most one unfinished session: while there is one, this resumes it, whatever the category asked, and answers the question to play now — the next one once the current one is answered, whose clock starts now. The question's clock runs from when the server first sends it.",
        requestBody: {
          required: true,
          content: json(schemaRef("QuizStart"), { category: "math" }),
        },
        responses: {
          "201": stateResponse("A new set started, at its first question"),
          "200": stateResponse("The unfinished session, resumed"),
          "400": badBody("The category is unknown or the body is not JSON"),
          "404": errorResponse("No questions for this set in this language", ["not_found"]),
          "409": errorResponse("Every set of the category is done; nothing starts", ["conflict"]),
          ...common,
          "413": sharedResponse("PayloadTooLarge"),
        },
      },
    },
    "/api/quiz/sessions/{id}/answers": {
      post: {
        operationId: "answerQuizQuestion",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Answer the current question",
        description:
          "`choice` is the place of the option as shown (0 to 3); null or absent when the time ran out on the player's screen. The first answer is final. An answer that arrives later than the timer plus 2 seconds after the question was first sent counts as a time-out (-2). The answer carries the result, with the right answer and its explanation.",
        parameters: [sessionIdParameter],
        requestBody: {
          required: true,
          content: json(schemaRef("QuizAnswer"), { position: 1, choice: 2 }),
        },
        responses: {
          "200": stateResponse("The answer is recorded; `question.result` says how it went"),
          "400": badBody("`position` or `choice` is out of range, or the body is not JSON"),
          "404": notYours,
          "409": errorResponse(
            "The question was already answered, is not the one being played, or the set is finished",
            ["conflict"],
          ),
          ...common,
          "413": sharedResponse("PayloadTooLarge"),
        },
      },
    },
    "/api/quiz/sessions/{id}/finish": {
      post: {
        operationId: "finishQuizSession",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Finish the set",
        description:
          "Once the five questions are answered (a last question whose time ran out counts as a time-out), ends the set: its points (its score, never below 0, within the day's cap) go to the player, with one more match played, one more win when all five were right, and one more completed set in the category (at most 20). A practice set credits none of these. Sending it again answers the same results and credits nothing.",
        parameters: [sessionIdParameter],
        responses: {
          "200": {
            description: "The set's results",
            content: json(schemaRef("QuizSetResults")),
          },
          "404": notYours,
          "409": errorResponse("Not every question is answered yet", ["conflict"]),
          ...common,
        },
      },
    },
    "/api/quiz/sessions/{id}/practice": {
      post: {
        operationId: "practiseQuizSet",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Play a finished set again, for practice",
        description:
          "Starts the same set as the finished session, in `locale` (by default the request's language), scored as usual; finishing it credits no points, no match and no progress. While the player has an unfinished session, this resumes it instead, as starting does.",
        parameters: [sessionIdParameter],
        requestBody: {
          required: false,
          content: json(schemaRef("QuizPractice"), { locale: "fr-CA" }),
        },
        responses: {
          "201": stateResponse("The practice set started: its first question"),
          "200": stateResponse("An unfinished session resumed: the question to play now"),
          "400": badBody("The language is not one of the site's, or the body is not JSON"),
          "404": errorResponse("No finished session with this id belongs to the player", [
            "not_found",
          ]),
          ...common,
        },
      },
    },
    "/api/quiz/sessions/{id}/feedback": {
      post: {
        operationId: "sendQuizFeedback",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Send feedback on a finished set",
        description: "Up to 1,000 characters, stored with the session; one per session.",
        parameters: [sessionIdParameter],
        requestBody: {
          required: true,
          content: json(schemaRef("QuizFeedback"), { text: "The animal questions were fun!" }),
        },
        responses: {
          "204": { description: "Stored" },
          "400": badBody("The text is empty or over 1,000 characters, or the body is not JSON"),
          "404": errorResponse("No finished session with this id belongs to the player", [
            "not_found",
          ]),
          "409": errorResponse("Feedback for this session was already sent", ["conflict"]),
          ...common,
          "413": sharedResponse("PayloadTooLarge"),
        },
      },
    },
  },
};
