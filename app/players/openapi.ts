import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";
import {
  type ApiArea,
  errorResponse,
  type Schema,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { QUIZ_TIMERS } from "../quiz/categories.ts";
import { settingsSchema } from "./schemas.ts";
import { PLAYER_TYPES } from "./tiers.ts";

const TAG = "Player";

const privateProfile: Schema = {
  type: "object",
  description: "Everything the player may see about themselves; never another player's record.",
  required: [
    "id",
    "name",
    "email",
    "emailVerified",
    "image",
    "handle",
    "age",
    "profilePublic",
    "playerType",
    "points",
    "usesPoints",
    "balance",
    "winner",
    "playMatch",
    "notification",
    "quizTimer",
    "locale",
    "followers",
    "following",
    "completedSets",
  ],
  properties: {
    id: { type: "string" },
    name: { type: "string", example: "Alice Martin" },
    email: { type: "string", format: "email" },
    emailVerified: { type: "boolean" },
    image: {
      type: ["string", "null"],
      description: "Path of the profile picture on this site",
      example: "/uploads/avatars/0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f.jpg",
    },
    handle: {
      type: "string",
      description: "Public name in addresses, made from the name",
      example: "alice-martin-4821",
    },
    age: {
      type: ["integer", "null"],
      description: "Null for an account made through Google until the player gives it",
    },
    profilePublic: {
      type: "boolean",
      description:
        "Whether other players may open the profile and follow; false at sign-up under 14",
    },
    playerType: {
      type: "string",
      enum: [...PLAYER_TYPES],
      description: "'newbie' below tier T1 (100 points earned), then one title per tier",
    },
    points: { type: "integer", minimum: 0 },
    usesPoints: { type: "integer", minimum: 0, description: "Points spent" },
    balance: { type: "integer", minimum: 0, description: "Points left to spend" },
    winner: { type: "integer", minimum: 0, description: "Matches won" },
    playMatch: { type: "integer", minimum: 0, description: "Matches played" },
    notification: { type: "boolean" },
    quizTimer: {
      type: "integer",
      enum: [...QUIZ_TIMERS],
      description: "Seconds per quiz question; 0 is untimed",
    },
    locale: { type: "string", enum: [...LOCALES] },
    followers: { type: "integer", minimum: 0 },
    following: { type: "integer", minimum: 0 },
    completedSets: {
      type: "object",
      description:
        "Completed question sets per quiz category slug; a category not played is absent",
      additionalProperties: { type: "integer", minimum: 0 },
      example: { math: 3, animal: 1 },
    },
  },
};

/** The request body PATCH /api/me accepts, from the very schema the route checks it with. */
const { $schema: _dialect, ...settings } = z.toJSONSchema(settingsSchema, { io: "input" });

const profileResponse = {
  description: "The player's record",
  content: { "application/json": { schema: schemaRef("PrivateProfile") } },
};

const picture = { schema: { type: "string", format: "binary" } };

/** The signed-in player's own record and picture: every call is keyed by the session's player. */
export const playersApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "The signed-in player's own record, settings and picture. Every call acts on the player of the session cookie; no call can name another player.",
  },
  schemas: { PrivateProfile: privateProfile, Settings: settings },
  paths: {
    "/api/me": {
      get: {
        operationId: "getMe",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "My record",
        description: "The signed-in player's record, with their e-mail, settings and progress.",
        responses: {
          "200": profileResponse,
          "401": sharedResponse("Unauthorized"),
          "500": sharedResponse("InternalError"),
        },
      },
      patch: {
        operationId: "updateMe",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Change my name or settings",
        description:
          "Changes only the fields given. Any other field (points, player type, id…) is refused, and a refused request changes nothing.",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: schemaRef("Settings"),
              example: { name: "Alice M.", quizTimer: 60, locale: "fr-CA" },
            },
          },
        },
        responses: {
          "200": profileResponse,
          "400": errorResponse(
            "The body is not JSON, or a field is unknown or out of range; `details` lists the problems",
            ["invalid_parameters", "invalid_json"],
          ),
          "401": sharedResponse("Unauthorized"),
          "403": errorResponse(
            "A cross-site request, or a player recorded as under 14 asking to make their profile public or to change their age (a parent does that)",
            ["cross_site", "forbidden"],
          ),
          "413": sharedResponse("PayloadTooLarge"),
          "500": sharedResponse("InternalError"),
        },
      },
      delete: {
        operationId: "deleteMe",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Delete my account",
        description:
          "Deletes the player, their picture, progress and follows, and ends the session (the answer clears the session cookie).",
        responses: {
          "204": { description: "Deleted and signed out" },
          "401": sharedResponse("Unauthorized"),
          "403": sharedResponse("CrossSite"),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/me/avatar": {
      put: {
        operationId: "putMyAvatar",
        tags: [TAG],
        security: SIGNED_IN,
        summary: "Replace my picture",
        description:
          "The body is the picture's bytes: JPEG, PNG or WebP (recognized by its bytes, whatever the Content-Type says), at most 5 MB and 50 megapixels, with nothing after the picture's end. It is stored as a centred 512 px square JPEG without metadata; the old picture stays when the new one is refused.",
        requestBody: {
          required: true,
          content: { "image/jpeg": picture, "image/png": picture, "image/webp": picture },
        },
        responses: {
          "200": {
            description: "The new picture's address",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["image"],
                  properties: { image: { type: "string" } },
                },
                example: { image: "/uploads/avatars/0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f.jpg" },
              },
            },
          },
          "400": errorResponse("The picture is damaged or has data after its end", [
            "invalid_image",
          ]),
          "401": sharedResponse("Unauthorized"),
          "403": sharedResponse("CrossSite"),
          "413": errorResponse("Over 5 MB or 50 megapixels, or over the server's body limit", [
            "payload_too_large",
          ]),
          "415": errorResponse("Not a JPEG, PNG or WebP picture", ["unsupported_media_type"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
