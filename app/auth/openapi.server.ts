import { AUTH_LIMITS } from "../platform/limits.ts";
import {
  type ApiArea,
  errorResponse,
  inputSchema,
  jsonResponse,
  type Operation,
  PUBLIC,
  type RequestBody,
  type Response,
  type Schema,
  SESSION_OPTIONAL,
  SIGNED_IN,
  sharedResponse,
} from "../platform/openapi.ts";
import {
  authSessionSchema,
  authUserSchema,
  currentSessionSchema,
  signedInSchema,
  signedOutSchema,
  signedUpSchema,
  signInAnswerSchema,
  statusMessageSchema,
  statusSchema,
  verifiedSchema,
} from "./answers.ts";
import { SIGN_IN_BACKOFF } from "./sign-in-limit.server.ts";
import { authEndpointSchemas } from "./validation.ts";

/**
 * Better Auth's endpoints that clients use, as this app configures them (auth.server.ts): its bodies
 * are checked by the app's own schemas, and the host answers its errors in the API's `{ error }`
 * shape (decisions 0007 and 0008).
 */

const TAG = "Accounts";

const json = (schema: Schema, example?: unknown) => ({
  "application/json": { schema, ...(example === undefined ? {} : { example }) },
});

const body = (schema: Schema, example: unknown): RequestBody => ({
  required: true,
  content: json(schema, example),
});

const SETS_COOKIE = {
  "Set-Cookie": {
    description:
      "The session cookie, `better-auth.session_token` (`__Secure-` prefixed over HTTPS)",
    schema: { type: "string" },
  },
};

const CLEARS_COOKIE = {
  "Set-Cookie": {
    description: "Expires the session cookies",
    schema: { type: "string" },
  },
};

const signedIn = (description: string): Response => ({
  ...jsonResponse(description, "SignedIn"),
  headers: SETS_COOKIE,
});

/** 429: every endpoint has Better Auth's general limit per address; AUTH_LIMITS are stricter. */
const tooMany = (path?: keyof typeof AUTH_LIMITS): Response => ({
  description: path
    ? `More than ${AUTH_LIMITS[path].max} requests in ${AUTH_LIMITS[path].window} seconds from this address`
    : "Too many requests from this address",
  headers: {
    "Retry-After": {
      description: "Seconds to wait before trying again",
      schema: { type: "integer", minimum: 1 },
    },
  },
  content: errorResponse("", ["too_many_requests"]).content,
});

const PASSWORD_PROSE = "8 to 128 characters, not among the 10,000 most common passwords.";
const REMEMBER_ME = "False ends the session when the browser closes; true when left out";

/** A Better Auth endpoint's body, from the very schema its hook checks it with (validation.ts). */
const endpointBody = (path: keyof typeof authEndpointSchemas, prose: Record<string, string>) =>
  inputSchema(authEndpointSchemas[path], prose);

const callbackURL = (purpose: string) =>
  `A path on this site (or an address of this site) to go to ${purpose}`;

const post = (operation: Omit<Operation, "tags">): Operation => ({
  ...operation,
  tags: [TAG],
  responses: {
    ...operation.responses,
    "403": sharedResponse("CrossSite"),
    "413": sharedResponse("PayloadTooLarge"),
  },
});

export const authApi: ApiArea = {
  tag: {
    name: TAG,
    description:
      "Sign-up, sign-in, sign-out, password reset and e-mail verification, served by Better Auth under `/api/auth`. They set and clear the session cookie the player's endpoints need. Their errors come in the API's one shape, `{ error: { code, message } }`.",
  },
  schemas: {
    AuthUser: authUserSchema,
    Session: authSessionSchema,
    SignedIn: signedInSchema,
    SignInAnswer: signInAnswerSchema,
    SignedUp: signedUpSchema,
    SignedOut: signedOutSchema,
    CurrentSession: currentSessionSchema,
    AuthStatus: statusSchema,
    AuthStatusMessage: statusMessageSchema,
    Verified: verifiedSchema,
  },
  paths: {
    "/api/auth/sign-up/email": {
      post: post({
        operationId: "signUpWithEmailAndPassword",
        security: PUBLIC,
        summary: "Sign up",
        description:
          "Creates the account, signs the player in (sets the session cookie) and sends the verification e-mail in the player's language.",
        requestBody: body(
          endpointBody("/sign-up/email", {
            name: "Shown to other players",
            password: PASSWORD_PROSE,
            age: "The player's age in years: it decides what the site lets them share (under 14: a private profile)",
            locale: "The language of e-mails; en-CA when left out",
            callbackURL: callbackURL("after verifying the e-mail"),
            rememberMe: REMEMBER_ME,
          }),
          {
            name: "Alice Martin",
            email: "alice@example.com",
            password: "canoe-portage-42",
            age: 12,
          },
        ),
        responses: {
          "200": jsonResponse(
            "The same answer for a new address and one that already has an account: nobody is signed in (`token` is null, no cookie, no user). The address's owner gets an e-mail: the link to confirm a new account, or a note that the account exists.",
            "SignedUp",
          ),
          "400": errorResponse(
            "A field is missing or breaks the rules (the details name it), an unknown field was sent, or the body is not JSON",
            ["invalid_parameters", "invalid_text", "invalid_json", "unsupported_media_type"],
          ),
          "429": tooMany("/sign-up/email"),
        },
      }),
    },
    "/api/auth/sign-in/email": {
      post: post({
        operationId: "signInEmail",
        security: PUBLIC,
        summary: "Sign in",
        description: "Checks the e-mail and password and sets the session cookie.",
        requestBody: body(
          endpointBody("/sign-in/email", {
            callbackURL: callbackURL("after verifying the e-mail"),
            rememberMe: REMEMBER_ME,
          }),
          { email: "alice@example.com", password: "canoe-portage-42" },
        ),
        responses: {
          "200": {
            ...jsonResponse(
              "Signed in; or, for an account with two-factor sign-in on (staff), `twoFactorRedirect` and no session yet: send the code to `/api/auth/two-factor/verify-totp` within 10 minutes",
              "SignInAnswer",
            ),
            headers: {
              "Set-Cookie": {
                description:
                  "The session cookie, or for the two-factor step `better-auth.two_factor` (10 minutes)",
                schema: { type: "string" },
              },
            },
          },
          "400": errorResponse(
            "A field is missing or breaks the rules (the details name it), an unknown field was sent, or the body is not JSON",
            ["invalid_parameters", "invalid_text", "invalid_json", "unsupported_media_type"],
          ),
          "401": errorResponse("Wrong e-mail or password", ["unauthorized"]),
          "403": errorResponse("The e-mail address is not confirmed yet: a new link was mailed", [
            "forbidden",
          ]),
          "429": {
            ...tooMany("/sign-in/email"),
            description: `More than ${AUTH_LIMITS["/sign-in/email"].max} requests in ${AUTH_LIMITS["/sign-in/email"].window} seconds from this address, or more than ${SIGN_IN_BACKOFF.freeAttempts} attempts for this e-mail address from anywhere without a successful one: each further attempt must wait longer, from ${SIGN_IN_BACKOFF.firstWaitSeconds / 60} to at most ${SIGN_IN_BACKOFF.maxWaitSeconds / 60} minutes. The same whether or not the address has an account.`,
          },
        },
      }),
    },
    "/api/auth/two-factor/verify-totp": {
      post: post({
        operationId: "verifyTwoFactorCode",
        security: PUBLIC,
        summary: "Give the two-factor code",
        description:
          "The second step of signing in to an account with two-factor sign-in on: the 6-digit code of the authenticator app, with the `better-auth.two_factor` cookie that sign-in set. Five wrong codes end the step (sign in again); ten in a row lock the account for 15 minutes.",
        requestBody: body(endpointBody("/two-factor/verify-totp", { code: "6 digits" }), {
          code: "123456",
        }),
        responses: {
          "200": signedIn("Signed in"),
          "400": errorResponse("No code, or not 6 digits or a recovery code", [
            "invalid_parameters",
          ]),
          "401": errorResponse("A wrong code, or no (or an expired) two-factor step", [
            "unauthorized",
          ]),
          "429": tooMany("/two-factor/*"),
        },
      }),
    },
    "/api/auth/two-factor/verify-backup-code": {
      post: post({
        operationId: "verifyRecoveryCode",
        security: PUBLIC,
        summary: "Give a recovery code",
        description:
          "As the two-factor code, with one of the recovery codes shown when two-factor sign-in was turned on. Each works once.",
        requestBody: body(
          endpointBody("/two-factor/verify-backup-code", { code: "A recovery code, AbCde-12345" }),
          { code: "AbCde-12345" },
        ),
        responses: {
          "200": signedIn("Signed in"),
          "400": errorResponse("No code, or not a recovery code's form", ["invalid_parameters"]),
          "401": errorResponse("A wrong or used code, or no (or an expired) two-factor step", [
            "unauthorized",
          ]),
          "429": tooMany("/two-factor/*"),
        },
      }),
    },
    "/api/auth/sign-out": {
      post: post({
        operationId: "signOut",
        security: SIGNED_IN,
        summary: "Sign out",
        description:
          "Ends the session the cookie names and clears the cookies. Without a cookie it only clears them.",
        requestBody: body({ type: "object" }, {}),
        responses: {
          "200": { ...jsonResponse("Signed out", "SignedOut"), headers: CLEARS_COOKIE },
          "429": tooMany(),
        },
      }),
    },
    "/api/auth/get-session": {
      get: {
        operationId: "getSession",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "Current session",
        description:
          "The session and the player the cookie names, or null for a visitor. Not cached (`Cache-Control: no-store`).",
        responses: {
          "200": jsonResponse("The session, or null", "CurrentSession"),
          "429": tooMany(),
        },
      },
    },
    "/api/auth/request-password-reset": {
      post: post({
        operationId: "requestPasswordReset",
        security: PUBLIC,
        summary: "Ask for a password reset e-mail",
        description:
          "Sends a link, valid one hour, to the account's e-mail in the player's language. The answer is the same whether or not an account has this e-mail.",
        requestBody: body(
          endpointBody("/request-password-reset", {
            redirectTo:
              "The page of this site the e-mailed link (/api/auth/reset-password/{token}) redirects to, with `?token=`, or `?error=INVALID_TOKEN` when the link is unknown or expired",
          }),
          { email: "alice@example.com", redirectTo: "/reset-password" },
        ),
        responses: {
          "200": jsonResponse("Sent, if the account exists", "AuthStatusMessage"),
          "400": errorResponse(
            "A field is missing or breaks the rules (the details name it), an unknown field was sent, or the body is not JSON",
            ["invalid_parameters", "invalid_text", "invalid_json", "unsupported_media_type"],
          ),
          "429": tooMany("/request-password-reset"),
        },
      }),
    },
    "/api/auth/reset-password": {
      post: post({
        operationId: "resetPassword",
        security: PUBLIC,
        summary: "Set a new password",
        description:
          "Sets the password with the token from the reset link. Every session of the account ends.",
        requestBody: body(endpointBody("/reset-password", { newPassword: PASSWORD_PROSE }), {
          newPassword: "kayak-rapids-77",
          token: "the-token-from-the-link",
        }),
        responses: {
          "200": jsonResponse("The password is changed", "AuthStatus"),
          "400": errorResponse(
            "The token is unknown, used, replaced by a newer one or expired, or the password breaks the rules (length, or among the most common)",
            ["invalid_parameters", "invalid_json"],
          ),
          "429": tooMany(),
        },
      }),
    },
    "/api/auth/verify-email": {
      get: {
        operationId: "verifyEmail",
        tags: [TAG],
        security: PUBLIC,
        summary: "Verify the e-mail",
        description:
          "The address the verification e-mail links to (valid one day). Marks the e-mail verified and signs the player in. With `callbackURL` it redirects there, adding `?error=` when the token is wrong or expired.",
        parameters: [
          {
            name: "token",
            in: "query",
            required: true,
            description: "The token from the e-mail",
            schema: { type: "string" },
          },
          {
            name: "callbackURL",
            in: "query",
            description: "A page of this site to go to afterwards",
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": {
            ...jsonResponse("Verified and signed in (without `callbackURL`)", "Verified"),
            headers: SETS_COOKIE,
          },
          "302": {
            description: "To `callbackURL`, with `?error=` when the token was refused",
            headers: { Location: { description: "Where to go", schema: { type: "string" } } },
          },
          "400": errorResponse("No token, or a `callbackURL` that is not a path on this site", [
            "invalid_parameters",
          ]),
          "401": errorResponse("The token is wrong or expired (without `callbackURL`)", [
            "unauthorized",
          ]),
          "429": tooMany(),
        },
      },
    },
    "/api/auth/send-verification-email": {
      post: post({
        operationId: "sendVerificationEmail",
        security: SESSION_OPTIONAL,
        summary: "Send the verification e-mail again",
        description:
          "Sends a new verification link. With the session cookie, the e-mail must be the signed-in player's own. The answer is the same whether or not an account has this e-mail.",
        requestBody: body(
          endpointBody("/send-verification-email", {
            callbackURL: callbackURL("after verifying"),
          }),
          { email: "alice@example.com", callbackURL: "/profile" },
        ),
        responses: {
          "200": jsonResponse("Sent, if the account exists and is not verified yet", "AuthStatus"),
          "400": errorResponse(
            "Malformed e-mail, or not the signed-in player's, or already verified",
            ["invalid_parameters"],
          ),
          "429": tooMany("/send-verification-email"),
        },
      }),
    },
  },
};
