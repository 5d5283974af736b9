import { createHmac, timingSafeEqual } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins/two-factor";
import { and, eq, like, ne } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { SESSION_LIFETIME } from "../db/live-session.server.ts";
import {
  account,
  banInForce,
  rateLimit,
  session,
  twoFactor,
  user,
  verification,
} from "../db/schema/accounts.ts";
import { serverT } from "../i18n/messages.server.ts";
import { CLIENT_IP_HEADER, DEFAULT_MODERATION_REPLY_TO } from "../platform/config.server.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { isAppError } from "../platform/errors.ts";
import { validate } from "../platform/input.server.ts";
import { AUTH_LIMITS } from "../platform/limits.ts";
import { isDecentName } from "../platform/names.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { requestConsent } from "../players/consent.server.ts";
import { anonymousHandle, needsConsent, startsPublic } from "../players/identity.ts";
import { existingAccountEmail, passwordResetEmail, verificationEmail } from "./emails.server.ts";
import { assertPasswordNotCommon } from "./passwords.server.ts";
import { countSignInAttempt, forgetSignInAttempts } from "./sign-in-limit.server.ts";
import { authEndpointSchemas, parentEmailField, redirectQuerySchema } from "./validation.ts";

/** Better Auth's session cookie, plain or with the __Secure- prefix it takes over https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** Whether a request carries a session cookie; without one there is no session to look up. */
export function hasSessionCookie(headers: Headers): boolean {
  return SESSION_COOKIE.test(headers.get("cookie") ?? "");
}

const SESSION_COOKIE_VALUE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/**
 * The session token of the request's cookie when its signature holds, as Better Auth signs it
 * (`token.signature`, the signature an HMAC-SHA-256 of the token in base64), else null.
 */
export function signedSessionToken(headers: Headers, secret: string): string | null {
  const cookie = SESSION_COOKIE_VALUE.exec(headers.get("cookie") ?? "")?.[1];
  if (!cookie) return null;
  let verified = verifiedCookies.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedCookies.set(secret, verified);
  }
  const known = verified.get(cookie);
  if (known !== undefined) return known;
  const token = verifiedToken(cookie, secret);
  if (token === null) return null;
  if (verified.size >= VERIFIED_COOKIES_MAX) verified.clear();
  verified.set(cookie, token);
  return token;
}

/**
 * Cookie values whose signature held, by secret, with their token: a player sends the same cookie
 * on every request, and its HMAC was about 4 % of a quiz call's CPU. Only the signature is kept,
 * never whether the session lives: the database is asked that on every request. Emptied when full.
 */
const verifiedCookies = new Map<string, Map<string, string>>();
const VERIFIED_COOKIES_MAX = 10_000;

function verifiedToken(cookie: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookie);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Better Auth endpoints the site does not use, closed so that nothing reaches around the app's own
 * rules: the player's name and settings change through PATCH /api/me, the picture only through our
 * upload code, and accounts are deleted through DELETE /api/me.
 */
const CLOSED_AUTH_PATHS = [
  "/update-user",
  "/change-email",
  "/change-password",
  "/set-password",
  "/delete-user",
  "/delete-user/callback",
  "/link-social",
  "/unlink-account",
  "/list-accounts",
  "/account-info",
  "/get-access-token",
  "/refresh-token",
  "/update-session",
  "/verify-password",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/sign-in/oauth2",
  "/oauth2/link",
  // Two-factor sign-in is TOTP with recovery codes, set up in the staff console (decision 0046):
  // no codes by e-mail, the secret and the recovery codes are shown once, at set-up, and turning it
  // off or making new codes is not the member's own call.
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/two-factor/get-totp-uri",
  "/two-factor/generate-backup-codes",
  "/two-factor/disable",
];

/** Reported by the hook below as `{ code, message, field }`; the host turns it into the API's shape. */
export const AUTH_INPUT_ERROR = "INVALID_INPUT";

/** Reported by the hook below when an address must wait before its next sign-in attempt. */
export const AUTH_SIGN_IN_WAIT = "TOO_MANY_SIGN_IN_ATTEMPTS";

/**
 * Reported when a banned player signs in (any way: e-mail, Google), as `{ code, message, appealTo }`;
 * Google's way back carries it as `?error=ACCOUNT_SUSPENDED` to the login page.
 */
export const AUTH_SUSPENDED = "ACCOUNT_SUSPENDED";

export type AuthOptions = {
  db: Database;
  baseUrl: string;
  secret: string;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** Where a suspended player writes to appeal (MODERATION_REPLY_TO). */
  appealTo?: string;
};

export function createAuth({
  db,
  baseUrl,
  secret,
  google,
  appealTo = DEFAULT_MODERATION_REPLY_TO,
}: AuthOptions) {
  return betterAuth({
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Nobody is signed in before their address is confirmed, and sign-up answers the same for a
      // new and a known address; the known address's owner is told by e-mail instead.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user: to }) =>
        enqueueEmail(db, existingAccountEmail(withLocale(to), `${baseUrl}/login`)),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: to, url, token }) => {
        await forgetOlderResetLinks(db, to.id, token);
        await enqueueEmail(db, passwordResetEmail(withLocale(to), url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: to, url }) =>
        enqueueEmail(db, verificationEmail(withLocale(to), url)),
    },
    user: {
      additionalFields: {
        age: { type: "number", required: false, input: true },
        locale: { type: "string", required: false, input: true, defaultValue: "en-CA" },
        handle: { type: "string", required: false, input: false },
        profilePublic: { type: "boolean", required: false, input: false },
        consentStatus: { type: "string", required: false, input: false },
      },
    },
    session: SESSION_LIFETIME,
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
      customRules: AUTH_LIMITS,
    },
    disabledPaths: CLOSED_AUTH_PATHS,
    hooks: { before: enforceAppRules(db), after: answerAlike(db) },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: baseUrl.startsWith("https://"),
    },
    databaseHooks: {
      // Every way of signing in ends by creating a session: a banned player gets none.
      session: { create: { before: refuseSuspended(db, appealTo) } },
      user: {
        // Quiz progress needs no rows yet: a category without one counts 0 completed sets.
        create: {
          before: async (data) => {
            // The sign-up schema has refused a name on the word list already; a name from Google
            // has met no schema, and a word in it becomes a neutral name, not a failed sign-in.
            const name = isDecentName(data.name) ? data.name : anonymousHandle();
            const age = data.age as number | null | undefined;
            return {
              data: {
                ...data,
                name,
                handle: await uniqueHandle(db, name, age),
                profilePublic: startsPublic(age),
                // Under 14 the account waits for a parent (decision 0064) from its first moment.
                consentStatus: needsConsent(age) ? "needs_parent" : "not_needed",
              },
            };
          },
          // The parent's address the sign-up carried (its hook checked it is there under 14):
          // the parent gets the link. Should this fail, the child is asked again at sign-in.
          after: async (created, context) => {
            if (!needsConsent(created.age as number | null | undefined)) return;
            const parentEmail = parentEmailField.safeParse(context?.body?.parentEmail).data;
            if (parentEmail) await requestConsent(db, created.id, parentEmail, { secret, baseUrl });
          },
        },
      },
    },
    plugins: [
      // TOTP for staff (decision 0046). A sign-in of an account that has it on answers
      // `twoFactorRedirect` and a short-lived cookie instead of a session; the code, or a recovery
      // code, then opens the session. No device is trusted: every sign-in asks.
      twoFactorPlugin({ issuer: "Nearby" }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: google.discoveryUrl,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Better Auth's own endpoints get the app's rules, from the same schemas as the forms: body shape,
 * lengths, age, language, common passwords, and redirect targets that stay on this site. A sign-in
 * attempt also counts against its address, which past a few must wait (sign-in-limit.server.ts).
 */
const enforceAppRules = (db: Database) =>
  createAuthMiddleware(async (ctx) => {
    try {
      const schema = authEndpointSchemas[ctx.path as keyof typeof authEndpointSchemas];
      if (schema) {
        const body: Record<string, unknown> = await validate(schema, ctx.body ?? {});
        const field = NEW_PASSWORD_FIELD[ctx.path];
        if (field) await assertPasswordNotCommon(String(body[field]), field);
      }
      await validate(redirectQuerySchema, ctx.query ?? {});
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw new APIError("BAD_REQUEST", {
        code: AUTH_INPUT_ERROR,
        message: error.messageKey,
        field: error.options.problems?.[0]?.field,
      });
    }
    if (ctx.path === "/sign-in/email") {
      try {
        await countSignInAttempt(db, String(ctx.body.email));
      } catch (error) {
        if (!isAppError(error)) throw error;
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { code: AUTH_SIGN_IN_WAIT, message: error.messageKey },
          { "Retry-After": String(error.options.retryAfter) },
        );
      }
    }
  });

/**
 * After Better Auth: a successful sign-in forgets its address's attempts, and sign-up answers
 * exactly the same for a new and a known address. Better Auth's answer carries a user object
 * whose fields betray which it was (a known address's stand-in has no handle), so none is sent:
 * nobody is signed in by sign-up anyway (decision 0008).
 */
const answerAlike = (db: Database) =>
  createAuthMiddleware(async (ctx) => {
    const failed = ctx.context.returned instanceof Error;
    if (ctx.path === "/sign-in/email" && !failed) await forgetSignInAttempts(db, ctx.body.email);
    if (ctx.path === "/sign-up/email" && !failed) return ctx.json({ token: null });
  });

/**
 * Refuses a session to a player whose ban is in force (a ban that expired no longer counts), with
 * the message in their language and where to appeal. Staff ban in the console
 * (app/players/moderation.server.ts), which also deletes the sessions they had.
 */
const refuseSuspended =
  (db: Database, appealTo: string) =>
  async ({ userId }: { userId: string }) => {
    const [banned] = await db
      .select({ locale: user.locale })
      .from(user)
      .where(and(eq(user.id, userId), banInForce));
    if (!banned) return;
    throw new APIError("FORBIDDEN", {
      code: AUTH_SUSPENDED,
      message: serverT(banned.locale)("auth.problems.suspended", { address: appealTo }),
      appealTo,
    });
  };

/** Where each endpoint that sets a password carries it, for the common-password check. */
const NEW_PASSWORD_FIELD: Partial<Record<string, string>> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
};

/** A newer reset link replaces the older ones: only the last one sent works (once). */
async function forgetOlderResetLinks(db: Database, userId: string, token: string) {
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        like(verification.identifier, "reset-password:%"),
        ne(verification.identifier, `reset-password:${token}`),
      ),
    );
}

function withLocale(to: { email: string; name: string } & Record<string, unknown>) {
  return {
    email: to.email,
    name: to.name,
    locale: typeof to.locale === "string" ? to.locale : "en-CA",
  };
}

/**
 * A public handle, never from the e-mail: from the player's name for one who starts public
 * ("Élodie B." → "elodie-b-4821"), of words for a child or a player whose age is unknown
 * ("blue-otter-4821"), since a private profile shows its handle where the name would be.
 */
async function uniqueHandle(
  db: Database,
  name: string,
  age: number | null | undefined,
): Promise<string> {
  const fromName = normalizeForSearch(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 20);
  // Cut at 20 characters, a decent name can end in a word on the list ("Assassin" → "ass").
  const base = fromName && isDecentName(fromName.replace(/-/g, " ")) ? fromName : "player";
  for (;;) {
    const candidate = startsPublic(age)
      ? `${base}-${1000 + Math.floor(Math.random() * 9000)}`
      : anonymousHandle();
    const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.handle, candidate));
    if (!taken) return candidate;
  }
}
