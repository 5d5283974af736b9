import {
  type ApiArea,
  errorResponse,
  jsonResponse,
  SIGNED_IN,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import { avatarSchema, privateProfileSchema } from "./answers.ts";
import { settingsSchema } from "./schemas.ts";

const TAG = "Player";

const profileResponse = jsonResponse("The player's record", "PrivateProfile");

const picture = { schema: { type: "string", format: "binary" } };

/** The signed-in player's own record and picture: every call is keyed by the session's player. */
export const playersApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "The signed-in player's own record, settings and picture. Every call acts on the player of the session cookie; no call can name another player.",
  },
  schemas: { PrivateProfile: privateProfileSchema, Settings: settingsSchema, Avatar: avatarSchema },
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
          "200": jsonResponse("The new picture's address", "Avatar", {
            image: "/uploads/avatars/0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f.jpg",
          }),
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
