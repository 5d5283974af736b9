import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { account, rateLimit, session, user, verification } from "../db/schema/accounts.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { passwordResetEmail, verificationEmail } from "./emails.server.ts";

/** The header the host sets from the connection (or a trusted proxy); any copy from the client is dropped. */
export const CLIENT_IP_HEADER = "x-nearby-client-ip";

/** Sign-in, sign-up, reset and verification requests allowed per client address and minute. */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 5 },
  "/sign-up/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 3 },
  "/send-verification-email": { window: 60, max: 3 },
} as const;

export type AuthOptions = {
  db: Database;
  baseUrl: string;
  secret: string;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
};

export function createAuth({ db, baseUrl, secret, google }: AuthOptions) {
  return betterAuth({
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: to, url }) =>
        enqueueEmail(db, passwordResetEmail(withLocale(to), url)),
    },
    emailVerification: {
      sendOnSignUp: true,
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
      },
    },
    session: { expiresIn: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
      customRules: AUTH_RATE_LIMITS,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: baseUrl.startsWith("https://"),
    },
    databaseHooks: {
      user: {
        // Quiz progress needs no rows yet: a category without one counts 0 completed sets.
        create: {
          before: async (data) => ({
            data: { ...data, handle: await uniqueHandle(db, data.name) },
          }),
        },
      },
    },
    plugins: google
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
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

function withLocale(to: { email: string; name: string } & Record<string, unknown>) {
  return {
    email: to.email,
    name: to.name,
    locale: typeof to.locale === "string" ? to.locale : "en-CA",
  };
}

/** A public handle from the player's name, never their e-mail: "Élodie B." → "elodie-b-4821". */
async function uniqueHandle(db: Database, name: string): Promise<string> {
  const base =
    normalizeForSearch(name)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 20) || "player";
  for (;;) {
    const candidate = `${base}-${1000 + Math.floor(Math.random() * 9000)}`;
    const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.handle, candidate));
    if (!taken) return candidate;
  }
}
