import { LIMITS } from "../platform/limits.ts";
import {
  type ApiArea,
  errorResponse,
  jsonResponse,
  PUBLIC,
  queryParameters,
  SESSION_OPTIONAL,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { createdId } from "../platform/wire.ts";
import {
  apiAnswerSchema,
  apiQuestionSchema,
  apiReplySchema,
  apiReviewSchema,
  authorSchema,
  questionItemSchema,
  questionListSchema,
  questionPageSchema,
  reportSchema,
  reviewItemSchema,
  reviewListSchema,
  reviewPageSchema,
} from "./community.ts";
import { ANSWER_TEXT, QUESTION_TEXT, REVIEW_TEXT } from "./community-fields.ts";
import { searchQuerySchema } from "./search.ts";
import {
  businessDetailSchema,
  businessPageSchema,
  businessSummarySchema,
  categoryListSchema,
  savedBusinessesSchema,
} from "./types.ts";

const TAG = "Directory";

const cursorProse = "The nextCursor of the previous page; any other value is a 400";

const idParameter = (description: string) => ({
  name: "id",
  in: "path" as const,
  required: true,
  schema: { type: "integer", minimum: 1 },
  description,
});

/** A JSON request body: the named zod schema the route reads it with. */
const body = (schema: string, example: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema: schemaRef(schema), example } },
});

const tooMany = (what: string, by = "this player") =>
  errorResponse(
    `Too many ${what} by ${by} within the hour; try again after \`Retry-After\` seconds`,
    ["too_many_requests"],
    {
      "Retry-After": {
        description: "Seconds to wait before trying again",
        schema: { type: "integer", minimum: 1 },
      },
    },
  );

const notSignedIn = sharedResponse("Unauthorized");
const badBody = (what: string) =>
  errorResponse(`${what}; \`details\` lists each problem`, ["invalid_parameters"]);

const reportOperation = (
  kind: "review" | "question" | "answer" | "reply" | "business",
  operationId: string,
) => ({
  post: {
    operationId,
    tags: [TAG],
    security: kind === "business" ? SESSION_OPTIONAL : SIGNED_IN,
    summary: `Report a ${kind}`,
    description:
      kind === "business"
        ? `Stores a report about the business itself (closed, false details, not a real business) for someone to review: a reason from the list and optional details. A visitor may report too. One report per reporter and business (the player, else the client address); a second is a 409. At most ${LIMITS["directory-report"].max} reports an hour per player or client address, counted before the body is checked.`
        : `Stores the signed-in player's report about a ${kind} for someone to review: a reason from the list and optional details. One report per player and ${kind}; a second is a 409. At most ${LIMITS["directory-report"].max} reports an hour per player, counted before the body is checked.`,
    parameters: [idParameter(`The ${kind}'s id`)],
    requestBody: body("ReportInput", { reason: "spam", details: "Advertises another shop." }),
    responses: {
      "204": { description: "Stored" },
      "400": badBody("No reason, or details too long"),
      ...(kind === "business" ? {} : { "401": notSignedIn }),
      "404": errorResponse(`No ${kind} has this id`, ["not_found"]),
      "409": errorResponse(`This reporter already reported this ${kind}`, ["already_reported"]),
      "429": tooMany(
        "reports",
        kind === "business" ? "this player or client address" : "this player",
      ),
      "500": sharedResponse("InternalError"),
    },
  },
});

/** The directory's part of the API document: search, one business, the categories. */
export const directoryApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "Businesses and their categories (public), their reviews and community questions (written by signed-in players), and the businesses a player saved.",
  },
  schemas: {
    BusinessSummary: businessSummarySchema,
    BusinessPage: businessPageSchema,
    BusinessDetail: businessDetailSchema,
    SavedBusinesses: savedBusinessesSchema,
    Categories: categoryListSchema,
    Author: authorSchema,
    Review: reviewItemSchema,
    Question: questionItemSchema,
    ReviewPage: reviewListSchema,
    QuestionPage: questionListSchema,
    ReviewInput: apiReviewSchema,
    QuestionInput: apiQuestionSchema,
    AnswerInput: apiAnswerSchema,
    ReplyInput: apiReplySchema,
    ReportInput: reportSchema,
    Created: createdId,
  },
  paths: {
    "/api/businesses": {
      get: {
        operationId: "searchBusinesses",
        tags: [TAG],
        security: PUBLIC,
        summary: "Search businesses",
        description:
          "Businesses matching every given filter, best rated first. Title matches anywhere in the name and location anywhere in the city (a province it names must match), ignoring case and accents. Follow `nextCursor` for the next page; it is null on the last one.",
        parameters: queryParameters(searchQuerySchema, {
          title: "Part of the business name",
          location:
            "Part of a city's name, a province (its code, or its English or French name), or both as the listings show them: 'Calgary, AB', 'Québec, Québec', 'Colombie-Britannique'",
          category: "A category name or slug from /api/categories, or 'All Categories'",
          limit: "How many businesses the page holds",
          cursor: cursorProse,
        }),
        responses: {
          "200": jsonResponse("One page of results", "BusinessPage"),
          "400": errorResponse(
            "A parameter is wrong: text too long, unknown category, made-up cursor or limit out of range; `details` lists each `{ field, message }`",
            ["invalid_parameters"],
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/businesses/{id}": {
      get: {
        operationId: "getBusiness",
        tags: [TAG],
        security: PUBLIC,
        summary: "One business",
        description:
          "Everything the business page shows: address, position, description, promotion and products. Its reviews and community questions are pages of their own: `/api/businesses/{id}/reviews` and `/questions`.",
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "integer", minimum: 1, maximum: 999_999_999 },
            description: "The business's id, as the search gives it",
          },
        ],
        responses: {
          "200": jsonResponse("The business", "BusinessDetail"),
          "404": errorResponse("No business has this id, or the id is not a whole number", [
            "not_found",
          ]),
          "410": errorResponse("The moderators removed this business", ["gone"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/businesses/{id}/reviews": {
      get: {
        operationId: "listReviews",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "A business's reviews",
        description:
          "One page of reviews: newest first, or by rating (ties newest first), each with the listing owner's public `reply` (null when none). Follow `nextCursor` with the same `sort`.",
        parameters: [
          idParameter("The business's id"),
          ...queryParameters(reviewPageSchema, { sort: "The order", cursor: cursorProse }),
        ],
        responses: {
          "200": jsonResponse("One page of reviews", "ReviewPage"),
          "400": errorResponse("Unknown sort or made-up cursor", ["invalid_parameters"]),
          "404": errorResponse("No business has this id", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
      post: {
        operationId: "writeReview",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Review a business",
        description: `The signed-in player's review: a rating from 1 to 5 and a text of ${REVIEW_TEXT.min} to ${REVIEW_TEXT.max} characters. One per player per business (then PATCH /api/reviews/{id}). The business's rating and review count change in the same transaction. Reviews, questions and answers together: at most ${LIMITS["directory-write"].max} an hour per player.`,
        parameters: [idParameter("The business's id")],
        requestBody: body("ReviewInput", {
          rating: 5,
          body: "Friendly staff and the best poutine in the neighbourhood.",
        }),
        responses: {
          "201": jsonResponse("Posted", "Created"),
          "400": badBody("Rating missing or out of range, or text too short or too long"),
          "401": notSignedIn,
          "404": errorResponse("No business has this id", ["not_found"]),
          "409": errorResponse("The player already reviewed this business", ["conflict"]),
          "429": tooMany("reviews, questions and answers"),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/reviews/{id}": {
      patch: {
        operationId: "updateReview",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Change one's review",
        description:
          "Replaces the rating and text of the player's own review; it shows as edited. Another player's review is a 404, as is a missing one.",
        parameters: [idParameter("The review's id")],
        requestBody: body("ReviewInput", {
          rating: 4,
          body: "Still good, though slower on weekends.",
        }),
        responses: {
          "204": { description: "Changed" },
          "400": badBody("Rating missing or out of range, or text too short or too long"),
          "401": notSignedIn,
          "404": errorResponse("The player has no review with this id", ["not_found"]),
          "429": tooMany("reviews, questions and answers"),
          "500": sharedResponse("InternalError"),
        },
      },
      delete: {
        operationId: "deleteReview",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Delete one's review",
        description: "Another player's review is a 404, as is a missing one.",
        parameters: [idParameter("The review's id")],
        responses: {
          "204": { description: "Deleted" },
          "401": notSignedIn,
          "404": errorResponse("The player has no review with this id", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/reviews/{id}/reply": {
      put: {
        operationId: "putReviewReply",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Reply to a review as the listing's owner",
        description: `The listing's public reply to one of its reviews, shown under it as the response from the owner: a text of ${REVIEW_TEXT.min} to ${REVIEW_TEXT.max} characters. One per review: the first is created (and the reviewer is e-mailed, unless they turned notifications off), a later PUT replaces it (shown as edited). Only the listing's owners, and staff with two-factor sign-in; every change is in the audit trail. A reply the moderators removed cannot be changed, only deleted. Counts against the ${LIMITS["directory-write"].max} writes an hour of reviews, questions and answers.`,
        parameters: [idParameter("The review's id")],
        requestBody: body("ReplyInput", {
          body: "Thank you for coming by; the terrace opens again in May.",
        }),
        responses: {
          "201": jsonResponse("The first reply, posted", "Created"),
          "204": { description: "The reply, changed" },
          "400": badBody("Text too short or too long"),
          "401": notSignedIn,
          "404": errorResponse(
            "No review has this id, the moderators removed it or its reply, or the caller does not manage its listing",
            ["not_found"],
          ),
          "429": tooMany("reviews, questions and answers"),
          "500": sharedResponse("InternalError"),
        },
      },
      delete: {
        operationId: "deleteReviewReply",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Delete the owner's reply to a review",
        description: "Only the listing's owners, and staff with two-factor sign-in.",
        parameters: [idParameter("The review's id")],
        responses: {
          "204": { description: "Deleted" },
          "401": notSignedIn,
          "404": errorResponse(
            "No review has this id or it has no reply, or the caller does not manage its listing",
            ["not_found"],
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/reviews/{id}/reports": reportOperation("review", "reportReview"),
    "/api/replies/{id}/reports": reportOperation("reply", "reportReply"),
    "/api/businesses/{id}/reports": reportOperation("business", "reportBusiness"),
    "/api/businesses/{id}/questions": {
      get: {
        operationId: "listQuestions",
        tags: [TAG],
        security: PUBLIC,
        summary: "A business's community questions",
        description: "One page of questions, newest first, each with its answers.",
        parameters: [
          idParameter("The business's id"),
          ...queryParameters(questionPageSchema, { cursor: cursorProse }),
        ],
        responses: {
          "200": jsonResponse("One page of questions", "QuestionPage"),
          "400": errorResponse("Made-up cursor", ["invalid_parameters"]),
          "404": errorResponse("No business has this id", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
      post: {
        operationId: "askQuestion",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Ask a question",
        description: `A question of ${QUESTION_TEXT.min} to ${QUESTION_TEXT.max} characters about the business.`,
        parameters: [idParameter("The business's id")],
        requestBody: body("QuestionInput", { question: "Is there parking nearby?" }),
        responses: {
          "201": jsonResponse("Posted", "Created"),
          "400": badBody("Question too short or too long"),
          "401": notSignedIn,
          "404": errorResponse("No business has this id", ["not_found"]),
          "429": tooMany("reviews, questions and answers"),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/questions/{id}/answers": {
      post: {
        operationId: "answerQuestion",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Answer a question",
        description: `An answer of ${ANSWER_TEXT.min} to ${ANSWER_TEXT.max} characters.`,
        parameters: [idParameter("The question's id")],
        requestBody: body("AnswerInput", { answer: "Yes, behind the building." }),
        responses: {
          "201": jsonResponse("Posted", "Created"),
          "400": badBody("Answer too short or too long"),
          "401": notSignedIn,
          "404": errorResponse("No question has this id", ["not_found"]),
          "429": tooMany("reviews, questions and answers"),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/questions/{id}/reports": reportOperation("question", "reportQuestion"),
    "/api/answers/{id}/reports": reportOperation("answer", "reportAnswer"),
    "/api/me/saved-businesses": {
      get: {
        operationId: "listSavedBusinesses",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Saved businesses",
        description: "The businesses the player saved, last saved first (at most 60).",
        responses: {
          "200": jsonResponse("The saved businesses", "SavedBusinesses"),
          "401": notSignedIn,
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/me/saved-businesses/{id}": {
      put: {
        operationId: "saveBusiness",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Save a business",
        description: "Saving it again changes nothing.",
        parameters: [idParameter("The business's id")],
        responses: {
          "204": { description: "Saved" },
          "401": notSignedIn,
          "404": errorResponse("No business has this id", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
      delete: {
        operationId: "unsaveBusiness",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Unsave a business",
        description: "Unsaving one that is not saved changes nothing.",
        parameters: [idParameter("The business's id")],
        responses: {
          "204": { description: "No longer saved" },
          "401": notSignedIn,
          "404": errorResponse("The id is not a business id", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/categories": {
      get: {
        operationId: "listCategories",
        tags: [TAG],
        security: PUBLIC,
        summary: "Categories",
        description: "The eight categories, in the home page's order, with their number of places.",
        responses: {
          "200": jsonResponse("Every category", "Categories"),
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
