import { LIMITS } from "../platform/limits.ts";
import {
  type ApiArea,
  errorResponse,
  PUBLIC,
  type Schema,
  SESSION_OPTIONAL,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { CATEGORY_SLUGS } from "./categories.ts";
import {
  ANSWER_TEXT,
  QUESTION_TEXT,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REVIEW_SORTS,
  REVIEW_TEXT,
} from "./community-fields.ts";
import { SEARCH_TEXT_MAX } from "./links.ts";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./search.ts";

const TAG = "Directory";

const localizedText: Schema = {
  type: "object",
  required: ["en-CA", "fr-CA"],
  properties: { "en-CA": { type: "string" }, "fr-CA": { type: "string" } },
};

const locale: Schema = { type: "string", enum: ["en-CA", "fr-CA"] };

const businessSummary: Schema = {
  type: "object",
  required: [
    "id",
    "name",
    "category",
    "city",
    "province",
    "rating",
    "reviewCount",
    "priceFromCents",
    "opensAt",
    "closesAt",
    "openNow",
    "image",
    "ownerName",
    "ownerImage",
  ],
  properties: {
    id: { type: "integer", example: 42 },
    name: { type: "string", example: "Chez Ginette" },
    category: { type: "string", enum: CATEGORY_SLUGS, example: "restaurants" },
    city: { type: "string", example: "Montréal" },
    province: {
      type: "string",
      description: "Two-letter province or territory code",
      example: "QC",
    },
    rating: { type: "number", minimum: 0, maximum: 5, example: 4.6 },
    reviewCount: { type: "integer", example: 128 },
    priceFromCents: {
      type: "integer",
      description: "Lowest price, in cents of Canadian dollars",
      example: 1450,
    },
    opensAt: { type: "string", description: "Local opening time, HH:MM", example: "11:00" },
    closesAt: {
      type: "string",
      description: "Local closing time, HH:MM (may be after midnight)",
      example: "22:00",
    },
    openNow: {
      type: "boolean",
      description: "Open at the time of the request, in the business's time zone",
    },
    image: { type: "string", description: "Path of the listing picture on this site" },
    ownerName: { type: "string" },
    ownerImage: { type: "string" },
  },
};

const businessDetail: Schema = {
  allOf: [
    schemaRef("BusinessSummary"),
    {
      type: "object",
      required: [
        "address",
        "postalCode",
        "latitude",
        "longitude",
        "coverImage",
        "website",
        "phone",
        "description",
        "promo",
        "products",
      ],
      properties: {
        address: { type: "string" },
        postalCode: { type: "string" },
        latitude: { type: "number" },
        longitude: { type: "number" },
        coverImage: { type: "string" },
        website: { type: ["string", "null"] },
        phone: {
          type: ["string", "null"],
          description: "Where the business answers calls, in E.164; null when it gave none",
          example: "+14165550123",
        },
        description: localizedText,
        promo: {
          type: ["object", "null"],
          required: ["title", "description", "image"],
          properties: {
            title: localizedText,
            description: localizedText,
            image: { type: "string" },
          },
        },
        products: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "name", "priceCents", "image", "url"],
            properties: {
              id: { type: "integer" },
              name: localizedText,
              priceCents: { type: "integer" },
              image: { type: "string" },
              url: { type: "string" },
            },
          },
        },
      },
    },
  ],
};

const json = (schema: Schema) => ({ "application/json": { schema } });

const author: Schema = {
  type: "object",
  description:
    "How the writer appears: a player's public name and picture, or their handle and no picture when their profile is private (under 14); a demo entry's shown name",
  required: ["name", "image", "handle"],
  properties: {
    name: { type: "string" },
    image: { type: ["string", "null"], description: "Null: show the default picture" },
    handle: {
      type: ["string", "null"],
      description: "The player's public handle; null for demo entries",
    },
  },
};

const reviewItem: Schema = {
  type: "object",
  required: ["id", "author", "rating", "body", "locale", "createdAt", "editedAt", "mine"],
  properties: {
    id: { type: "integer" },
    author: schemaRef("Author"),
    rating: { type: "integer", minimum: 1, maximum: 5 },
    body: { type: "string", description: "Plain text, as written: show it as text, never as HTML" },
    locale,
    createdAt: { type: "string", format: "date-time" },
    editedAt: { type: ["string", "null"], format: "date-time", description: "Set once edited" },
    mine: { type: "boolean", description: "Whether the signed-in caller wrote it" },
  },
};

const questionItem: Schema = {
  type: "object",
  required: ["id", "author", "question", "locale", "createdAt", "ownerAnswer", "answers"],
  properties: {
    id: { type: "integer" },
    author: schemaRef("Author"),
    question: { type: "string", description: "Plain text" },
    locale,
    createdAt: { type: "string", format: "date-time" },
    ownerAnswer: { type: ["string", "null"], description: "The owner's answer, on demo questions" },
    answers: {
      type: "array",
      description: "Players' answers, oldest first",
      items: {
        type: "object",
        required: ["id", "author", "body", "locale", "createdAt"],
        properties: {
          id: { type: "integer" },
          author: schemaRef("Author"),
          body: { type: "string", description: "Plain text" },
          locale,
          createdAt: { type: "string", format: "date-time" },
        },
      },
    },
  },
};

const page = (item: string): Schema => ({
  type: "object",
  required: ["items", "nextCursor"],
  properties: {
    items: { type: "array", items: schemaRef(item) },
    nextCursor: { type: ["string", "null"], description: "Pass as `cursor` for the next page" },
  },
});

const idParameter = (description: string) => ({
  name: "id",
  in: "path" as const,
  required: true,
  schema: { type: "integer", minimum: 1 },
  description,
});

const body = (schema: Schema, example: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema, example } },
});

const writtenIn = {
  ...locale,
  description: "The language of the text; the `Accept-Language` one when left out",
};

const reviewBody: Schema = {
  type: "object",
  required: ["rating", "body"],
  properties: {
    rating: { type: "integer", minimum: 1, maximum: 5 },
    body: { type: "string", minLength: REVIEW_TEXT.min, maxLength: REVIEW_TEXT.max },
    locale: writtenIn,
  },
};

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
  kind: "review" | "question" | "answer" | "business",
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
    requestBody: body(
      {
        type: "object",
        required: ["reason"],
        properties: {
          reason: { type: "string", enum: [...REPORT_REASONS] },
          details: { type: "string", maxLength: REPORT_DETAILS_MAX },
        },
      },
      { reason: "spam", details: "Advertises another shop." },
    ),
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
    BusinessSummary: businessSummary,
    BusinessDetail: businessDetail,
    Author: author,
    Review: reviewItem,
    Question: questionItem,
    ReviewPage: page("Review"),
    QuestionPage: page("Question"),
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
        parameters: [
          {
            name: "title",
            in: "query",
            schema: { type: "string", maxLength: SEARCH_TEXT_MAX },
            description: "Part of the business name",
          },
          {
            name: "location",
            in: "query",
            schema: { type: "string", maxLength: SEARCH_TEXT_MAX },
            description:
              "Part of a city's name, a province (its code, or its English or French name), or both as the listings show them: 'Calgary, AB', 'Québec, Québec', 'Colombie-Britannique'",
          },
          {
            name: "category",
            in: "query",
            schema: { type: "string" },
            description: "A category name or slug from /api/categories, or 'All Categories'",
          },
          {
            name: "limit",
            in: "query",
            schema: {
              type: "integer",
              minimum: 1,
              maximum: PAGE_SIZE_MAX,
              default: PAGE_SIZE_DEFAULT,
            },
            description: "How many businesses the page holds",
          },
          {
            name: "cursor",
            in: "query",
            schema: { type: "string" },
            description: "The nextCursor of the previous page",
          },
        ],
        responses: {
          "200": {
            description: "One page of results",
            content: json({
              type: "object",
              required: ["items", "nextCursor"],
              properties: {
                items: { type: "array", items: schemaRef("BusinessSummary") },
                nextCursor: { type: ["string", "null"] },
              },
            }),
          },
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
          "200": { description: "The business", content: json(schemaRef("BusinessDetail")) },
          "404": errorResponse("No business has this id, or the id is not a whole number", [
            "not_found",
          ]),
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
          "One page of reviews: newest first, or by rating (ties newest first). Follow `nextCursor` with the same `sort`.",
        parameters: [
          idParameter("The business's id"),
          {
            name: "sort",
            in: "query",
            schema: { type: "string", enum: [...REVIEW_SORTS], default: "newest" },
            description: "The order",
          },
          {
            name: "cursor",
            in: "query",
            schema: { type: "string" },
            description: "The nextCursor of the previous page",
          },
        ],
        responses: {
          "200": { description: "One page of reviews", content: json(schemaRef("ReviewPage")) },
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
        requestBody: body(reviewBody, {
          rating: 5,
          body: "Friendly staff and the best poutine in the neighbourhood.",
        }),
        responses: {
          "201": {
            description: "Posted",
            content: json({
              type: "object",
              required: ["id"],
              properties: { id: { type: "integer" } },
            }),
          },
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
        requestBody: body(reviewBody, {
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
    "/api/reviews/{id}/reports": reportOperation("review", "reportReview"),
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
          {
            name: "cursor",
            in: "query",
            schema: { type: "string" },
            description: "The nextCursor of the previous page",
          },
        ],
        responses: {
          "200": {
            description: "One page of questions",
            content: json(schemaRef("QuestionPage")),
          },
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
        requestBody: body(
          {
            type: "object",
            required: ["question"],
            properties: {
              question: {
                type: "string",
                minLength: QUESTION_TEXT.min,
                maxLength: QUESTION_TEXT.max,
              },
              locale: writtenIn,
            },
          },
          { question: "Is there parking nearby?" },
        ),
        responses: {
          "201": {
            description: "Posted",
            content: json({
              type: "object",
              required: ["id"],
              properties: { id: { type: "integer" } },
            }),
          },
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
        requestBody: body(
          {
            type: "object",
            required: ["answer"],
            properties: {
              answer: { type: "string", minLength: ANSWER_TEXT.min, maxLength: ANSWER_TEXT.max },
              locale: writtenIn,
            },
          },
          { answer: "Yes, behind the building." },
        ),
        responses: {
          "201": {
            description: "Posted",
            content: json({
              type: "object",
              required: ["id"],
              properties: { id: { type: "integer" } },
            }),
          },
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
          "200": {
            description: "The saved businesses",
            content: json({
              type: "object",
              required: ["items"],
              properties: { items: { type: "array", items: schemaRef("BusinessSummary") } },
            }),
          },
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
          "200": {
            description: "Every category",
            content: json({
              type: "object",
              required: ["items"],
              properties: {
                items: {
                  type: "array",
                  items: {
                    type: "object",
                    required: ["slug", "name", "places"],
                    properties: {
                      slug: { type: "string", enum: CATEGORY_SLUGS },
                      name: { type: "string", description: "The English name" },
                      places: { type: "integer", minimum: 0 },
                    },
                  },
                },
              },
            }),
          },
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
