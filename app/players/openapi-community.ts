import {
  type ApiArea,
  errorResponse,
  jsonResponse,
  type Parameter,
  queryParameters,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import {
  followListSchema,
  followStateSchema,
  leaderboardSchema,
  publicIdentitySchema,
  publicProfileSchema,
  redeemGoalsSchema,
  redeemRequestsSchema,
  redeemRequestViewSchema,
} from "./answers.ts";
import { followListApiQuerySchema, leaderboardApiQuerySchema } from "./leaderboard-query.ts";
import { redeemRequestSchema } from "./redeem-form.ts";

const COMMUNITY = "Community";
const REDEEM = "Redeem";

const json = (schema: string, example?: unknown) => ({
  "application/json": { schema: schemaRef(schema), ...(example === undefined ? {} : { example }) },
});

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
      "200": jsonResponse("A page of players", "FollowList"),
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
    PublicIdentity: publicIdentitySchema,
    Leaderboard: leaderboardSchema,
    PublicProfile: publicProfileSchema,
    FollowState: followStateSchema,
    FollowList: followListSchema,
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
          "200": jsonResponse("A page of the board", "Leaderboard"),
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
          "200": jsonResponse("The profile", "PublicProfile"),
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
          "200": jsonResponse("Now following", "FollowState"),
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
          "200": jsonResponse("Not following", "FollowState"),
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
  schemas: {
    RedeemGoals: redeemGoalsSchema,
    RedeemRequests: redeemRequestsSchema,
    RedeemRequest: redeemRequestViewSchema,
    RedeemRequestBody: redeemRequestSchema,
  },
  paths: {
    "/api/redeem/goals": {
      get: {
        operationId: "listRedeemGoals",
        tags: [REDEEM],
        security: SIGNED_IN,
        summary: "The goals",
        description: "Every goal, cheapest first, named in both languages.",
        responses: {
          "200": jsonResponse("The goals", "RedeemGoals"),
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
          "200": jsonResponse("The requests", "RedeemRequests"),
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
          content: json("RedeemRequestBody", {
            goal: "jigsaw-puzzle",
            name: "Alice Martin",
            email: "alice@example.com",
            phone: "514 555-0123",
            agree: true,
          }),
        },
        responses: {
          "200": jsonResponse("This key's request, made before", "RedeemRequest"),
          "201": jsonResponse("The request made", "RedeemRequest"),
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
