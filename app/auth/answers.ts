import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";

/**
 * What Better Auth's endpoints answer, as this app configures them (auth.server.ts). Better Auth
 * writes these answers, not a route of ours, so no route is typed by them; the API document is
 * generated from them and app/routes/site/api.openapi.test.ts checks real answers against it.
 */

export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.email(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  age: z.int().nullable().optional(),
  locale: z.enum(LOCALES),
  handle: z.string(),
});

export const authSessionSchema = z.object({
  id: z.string(),
  token: z.string().meta({ description: "The value the session cookie carries, unsigned" }),
  userId: z.string(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});

export const signedInSchema = z.object({
  token: z.string().nullable().meta({ description: "The new session's token" }),
  user: authUserSchema,
});

/**
 * Signing in to an account with two-factor sign-in on (staff): no session yet, only a 10-minute
 * cookie for the code's step (decision 0046).
 */
const twoFactorRequiredSchema = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.literal("totp")),
});

/** What sign-in answers: the session, or the two-factor step. */
export const signInAnswerSchema = z.union([signedInSchema, twoFactorRequiredSchema]);

/** Sign-up signs nobody in: the same answer whether or not the address had an account. */
export const signedUpSchema = z.object({ token: z.null() });

export const signedOutSchema = z.object({ success: z.literal(true) });

export const currentSessionSchema = z
  .object({ session: authSessionSchema, user: authUserSchema })
  .nullable();

export const statusSchema = z.object({ status: z.boolean() });

export const statusMessageSchema = statusSchema.extend({ message: z.string() });

export const verifiedSchema = statusSchema.extend({ user: authUserSchema.optional() });
