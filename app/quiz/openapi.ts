import {
  type ApiArea,
  errorResponse,
  jsonResponse,
  type Parameter,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { answerSchema, feedbackSchema, practiceSchema, startSchema } from "./schemas.ts";
import {
  answerResultSchema,
  categoryListSchema,
  playStateSchema,
  setResultsSchema,
} from "./types.ts";

const TAG = "Quiz";

const sessionIdParameter: Parameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The session's id",
  schema: { type: "string", format: "uuid" },
};

const json = (schema: string, example: unknown) => ({
  "application/json": { schema: schemaRef(schema), example },
});

const stateResponse = (description: string) => jsonResponse(description, "QuizPlayState");

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
    QuizCategories: categoryListSchema,
    QuizAnswerResult: answerResultSchema,
    QuizPlayState: playStateSchema,
    QuizSetResults: setResultsSchema,
    QuizStart: startSchema,
    QuizAnswer: answerSchema,
    QuizFeedback: feedbackSchema,
    QuizPractice: practiceSchema,
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
          "200": jsonResponse("The categories", "QuizCategories"),
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
          content: json("QuizStart", { category: "math" }),
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
          content: json("QuizAnswer", { position: 1, choice: 2 }),
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
          "200": jsonResponse("The set's results", "QuizSetResults"),
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
          content: json("QuizPractice", { locale: "fr-CA" }),
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
          content: json("QuizFeedback", { text: "The animal questions were fun!" }),
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
