import {
  type ApiArea,
  errorResponse,
  type Parameter,
  queryParameters,
  type Schema,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { followListApiQuerySchema, leaderboardApiQuerySchema } from "./leaderboard-query.ts";
import { PLAYER_TYPES } from "./tiers.ts";

const COMMUNITY = "Community";
const REDEEM = "Redeem";

const json = (schema: Schema, example?: unknown) => ({
  "application/json": { schema, ...(example === undefined ? {} : { example }) },
});

/** What anyone may see of another player; never the e-mail address or the age. */
const publicIdentity: Schema = {
  type: "object",
  description:
    "A player as others see them. A private profile (players under 14 start with one) shows its handle as the name and no picture, and cannot be opened or followed.",
  required: ["handle", "displayName", "image", "profilePublic"],
  properties: {
    handle: { type: "string", example: "alice-martin-4821" },
    displayName: { type: "string", description: "The name; the handle on a private profile" },
    image: {
      type: ["string", "null"],
      description: "Path of the picture; null for the default one (always on a private profile)",
    },
    profilePublic: { type: "boolean" },
  },
};

const playerType: Schema = {
  type: "string",
  enum: [...PLAYER_TYPES],
  description: "'newbie' below tier T1 (100 points earned), then one title per tier up to T7",
};

const leaderboardRow: Schema = {
  allOf: [
    schemaRef("PublicIdentity"),
    {
      type: "object",
      required: ["rank", "points", "playerType"],
      properties: {
        rank: { type: "integer", minimum: 1, description: "Equal points share a rank: 1, 2, 2, 4" },
        points: { type: "integer", minimum: 0, description: "The balance: points left to spend" },
        playerType,
      },
    },
  ],
};

const leaderboard: Schema = {
  type: "object",
  required: ["page", "pageSize", "total", "pages", "rows", "me"],
  properties: {
    page: { type: "integer", minimum: 1 },
    pageSize: { type: "integer", const: 50 },
    total: { type: "integer", minimum: 0, description: "Players on the board" },
    pages: { type: "integer", minimum: 1 },
    rows: { type: "array", items: schemaRef("LeaderboardRow") },
    me: {
      description: "The caller's own place",
      oneOf: [
        { type: "null" },
        {
          type: "object",
          required: ["rank", "points", "total", "topPercent", "page"],
          properties: {
            rank: { type: "integer", minimum: 1 },
            points: { type: "integer", minimum: 0 },
            total: { type: "integer", minimum: 1 },
            topPercent: { type: "integer", minimum: 1, maximum: 100, example: 8 },
            page: { type: "integer", minimum: 1, description: "The page that holds the caller" },
          },
        },
      ],
    },
  },
};

const achievement: Schema = {
  type: "object",
  required: ["key", "points", "earned", "missing"],
  properties: {
    key: { type: "string", enum: ["greatKing", "beginnersLuck", "expertsBrain", "bestPlayer"] },
    points: { type: "integer", description: "Points earned that it takes" },
    earned: { type: "boolean" },
    missing: { type: "integer", minimum: 0, description: "Points still to earn; 0 once earned" },
  },
};

const publicProfile: Schema = {
  allOf: [
    schemaRef("PublicIdentity"),
    {
      type: "object",
      required: [
        "playerType",
        "points",
        "playMatch",
        "followers",
        "following",
        "followedByMe",
        "completedSets",
        "achievements",
      ],
      properties: {
        playerType,
        points: { type: "integer", minimum: 0, description: "The balance" },
        playMatch: { type: "integer", minimum: 0, description: "Matches played" },
        followers: { type: "integer", minimum: 0 },
        following: { type: "integer", minimum: 0 },
        followedByMe: { type: "boolean" },
        completedSets: {
          type: "object",
          additionalProperties: { type: "integer", minimum: 0, maximum: 20 },
          example: { math: 3 },
        },
        achievements: { type: "array", items: schemaRef("Achievement") },
      },
    },
  ],
};

const followState: Schema = {
  type: "object",
  required: ["following", "followers"],
  properties: {
    following: { type: "boolean", description: "Whether the caller now follows the player" },
    followers: { type: "integer", minimum: 0, description: "The player's follower count" },
  },
};

const followList: Schema = {
  type: "object",
  required: ["players", "nextCursor"],
  properties: {
    players: { type: "array", items: schemaRef("PublicIdentity") },
    nextCursor: {
      type: ["string", "null"],
      description: "Pass as `cursor` for the next page; null on the last",
    },
  },
};

const localized: Schema = {
  type: "object",
  required: ["en-CA", "fr-CA"],
  properties: { "en-CA": { type: "string" }, "fr-CA": { type: "string" } },
};

const goal: Schema = {
  type: "object",
  required: ["slug", "name", "image", "cost"],
  properties: {
    slug: { type: "string", example: "jigsaw-puzzle" },
    name: localized,
    image: { type: "string", example: "/images/redeem/jigsaw-puzzle.svg" },
    cost: { type: "integer", minimum: 1, description: "Points" },
  },
};

const redeemRequest: Schema = {
  type: "object",
  required: ["id", "goal", "cost", "status", "createdAt"],
  properties: {
    id: { type: "integer" },
    goal: schemaRef("RedeemGoal"),
    cost: { type: "integer", minimum: 1, description: "The points taken" },
    status: { type: "string", enum: ["pending", "approved", "sent", "declined"] },
    createdAt: { type: "string", format: "date-time" },
  },
};

const redeemBody: Schema = {
  type: "object",
  required: ["goal", "name", "email", "phone", "agree"],
  additionalProperties: false,
  properties: {
    goal: { type: "string", description: "The goal's slug" },
    name: { type: "string", minLength: 1, maxLength: 100 },
    email: { type: "string", format: "email", maxLength: 254 },
    phone: { type: "string", maxLength: 40, description: "A Canadian phone number" },
    agree: { const: true, description: "The terms and conditions are agreed to" },
  },
};

const handleParameter: Parameter = {
  name: "handle",
  in: "path",
  required: true,
  description: "The player's public handle",
  schema: { type: "string", example: "alice-martin-4821" },
};

const common = {
  "401": sharedResponse("Unauthorized"),
  "500": sharedResponse("InternalError"),
};

const noPlayer = errorResponse("No player has this handle", ["not_found"]);
const privateProfile = errorResponse("The profile is private", ["forbidden"]);

const followListOperation = (list: "followers" | "following") => ({
  get: {
    operationId: list === "followers" ? "listFollowers" : "listFollowing",
    tags: [COMMUNITY],
    security: SIGNED_IN,
    summary: list === "followers" ? "A player's followers" : "The players a player follows",
    description:
      "Public profiles only, by handle, 24 a page. Another player's lists need a public profile; the caller's own are always readable.",
    parameters: [
      handleParameter,
      ...queryParameters(followListApiQuerySchema, { cursor: "`nextCursor` of the page before" }),
    ],
    responses: {
      "200": { description: "A page of players", content: json(schemaRef("FollowList")) },
      "400": errorResponse("The cursor is not a handle", ["invalid_parameters"]),
      "403": privateProfile,
      "404": noPlayer,
      ...common,
    },
  },
});

/** The leaderboard, other players' profiles and follows: public fields only. */
export const communityApi: ApiArea = {
  tag: {
    name: COMMUNITY,
    description:
      "The leaderboard, public profiles and follows. Another player is only ever shown by handle, name and picture (handle and the default picture for a private profile); never by e-mail or age.",
  },
  schemas: {
    PublicIdentity: publicIdentity,
    LeaderboardRow: leaderboardRow,
    Leaderboard: leaderboard,
    Achievement: achievement,
    PublicProfile: publicProfile,
    FollowState: followState,
    FollowList: followList,
  },
  paths: {
    "/api/leaderboard": {
      get: {
        operationId: "getLeaderboard",
        tags: [COMMUNITY],
        security: SIGNED_IN,
        summary: "The leaderboard",
        description:
          "Players by balance, highest first (ties by handle), 50 a page; equal balances share a rank. `me` is the caller's own rank and the page that holds them. A page past the end has no rows.",
        parameters: queryParameters(leaderboardApiQuerySchema, { page: "Page number, from 1" }),
        responses: {
          "200": { description: "A page of the board", content: json(schemaRef("Leaderboard")) },
          "400": errorResponse("The page is not a whole number from 1 to 1,000,000", [
            "invalid_parameters",
            "invalid_text",
          ]),
          ...common,
        },
      },
    },
    "/api/players/{handle}": {
      get: {
        operationId: "getPlayer",
        tags: [COMMUNITY],
        security: SIGNED_IN,
        summary: "A player's profile view",
        description:
          "The profile card, latest play and achievements of a public profile; the caller's own handle answers their own in the same shape.",
        parameters: [handleParameter],
        responses: {
          "200": { description: "The profile", content: json(schemaRef("PublicProfile")) },
          "403": privateProfile,
          "404": noPlayer,
          ...common,
        },
      },
    },
    "/api/players/{handle}/follow": {
      put: {
        operationId: "followPlayer",
        tags: [COMMUNITY],
        security: SIGNED_IN,
        summary: "Follow a player",
        description: "Following twice leaves one follow. Oneself and private profiles are refused.",
        parameters: [handleParameter],
        responses: {
          "200": { description: "Now following", content: json(schemaRef("FollowState")) },
          "403": errorResponse(
            "The profile is private, it is the caller's own, or the request came from another site",
            ["forbidden", "cross_site"],
          ),
          "404": noPlayer,
          ...common,
        },
      },
      delete: {
        operationId: "unfollowPlayer",
        tags: [COMMUNITY],
        security: SIGNED_IN,
        summary: "Unfollow a player",
        description: "Not following already is not an error.",
        parameters: [handleParameter],
        responses: {
          "200": { description: "Not following", content: json(schemaRef("FollowState")) },
          "403": sharedResponse("CrossSite"),
          "404": noPlayer,
          ...common,
        },
      },
    },
    "/api/players/{handle}/followers": followListOperation("followers"),
    "/api/players/{handle}/following": followListOperation("following"),
  },
};

/** Goals and the caller's own redeem requests. */
export const redeemApi: ApiArea = {
  tag: {
    name: REDEEM,
    description:
      "Rewards to redeem points for. A request takes its cost from the balance at once, atomically: the balance never goes below 0, and a repeated `Idempotency-Key` never charges twice.",
  },
  schemas: { RedeemGoal: goal, RedeemRequest: redeemRequest, RedeemRequestBody: redeemBody },
  paths: {
    "/api/redeem/goals": {
      get: {
        operationId: "listRedeemGoals",
        tags: [REDEEM],
        security: SIGNED_IN,
        summary: "The goals",
        description: "Every goal, cheapest first, named in both languages.",
        responses: {
          "200": {
            description: "The goals",
            content: json({
              type: "object",
              required: ["goals"],
              properties: { goals: { type: "array", items: schemaRef("RedeemGoal") } },
            }),
          },
          ...common,
        },
      },
    },
    "/api/redeem/requests": {
      get: {
        operationId: "listRedeemRequests",
        tags: [REDEEM],
        security: SIGNED_IN,
        summary: "My requests",
        description: "The caller's own requests, newest first, with their status.",
        responses: {
          "200": {
            description: "The requests",
            content: json({
              type: "object",
              required: ["requests"],
              properties: { requests: { type: "array", items: schemaRef("RedeemRequest") } },
            }),
          },
          ...common,
        },
      },
      post: {
        operationId: "createRedeemRequest",
        tags: [REDEEM],
        security: SIGNED_IN,
        summary: "Redeem a goal",
        description:
          "One transaction: the request (pending), its cost moved from the balance and a points-ledger row, and a confirmation e-mail to the address given. Send a new `Idempotency-Key` for each request and the same one when retrying: a key already used answers 200 with the request it made, charging nothing.",
        parameters: [
          {
            name: "Idempotency-Key",
            in: "header",
            required: true,
            description: "8 to 100 letters, digits, `-` or `_`, unique per request",
            schema: { type: "string", pattern: "^[A-Za-z0-9_-]{8,100}$" },
          },
        ],
        requestBody: {
          required: true,
          content: json(schemaRef("RedeemRequestBody"), {
            goal: "jigsaw-puzzle",
            name: "Alice Martin",
            email: "alice@example.com",
            phone: "514 555-0123",
            agree: true,
          }),
        },
        responses: {
          "200": {
            description: "This key's request, made before",
            content: json(schemaRef("RedeemRequest")),
          },
          "201": { description: "The request made", content: json(schemaRef("RedeemRequest")) },
          "400": errorResponse(
            "A missing or malformed `Idempotency-Key`, an unknown goal, a missing name or e-mail, a phone number that is not Canadian, or the terms not agreed to; `details` lists them",
            ["invalid_parameters", "invalid_json"],
          ),
          "403": sharedResponse("CrossSite"),
          "409": errorResponse("The balance is lower than the goal's cost", ["conflict"]),
          "413": sharedResponse("PayloadTooLarge"),
          "415": errorResponse("The body is not JSON or a form", ["unsupported_media_type"]),
          ...common,
        },
      },
    },
  },
};
