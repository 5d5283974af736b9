import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";
import { emailField } from "../platform/email.ts";
import { isDecentName } from "../platform/names.ts";
import { isReadableText } from "../platform/text.ts";
import { needsConsent } from "../players/identity.ts";

/**
 * The account rules, one field schema each, shared by the forms, their actions, the JSON API and
 * the Better Auth hook that guards Better Auth's own endpoints (auth.server.ts). Messages are
 * message keys. The sign-up form is checked in SPEC.md's order: username, age, password,
 * confirmation, match; then the e-mail's form.
 */

export const usernameField = z
  .string("auth.problems.usernameShort")
  .trim()
  .min(3, "auth.problems.usernameShort")
  .max(40, "auth.problems.usernameLong")
  .refine(isReadableText, "auth.problems.usernameCharacters")
  .refine(isDecentName, "auth.problems.usernameWords");

const email = emailField("auth.problems.emailInvalid");

/** A whole number from 4 to 120; forms send it as text, JSON clients as a number. */
export const ageField = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return undefined;
    return /^\d{1,3}$/.test(text) ? Number(text) : text;
  },
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? "auth.problems.ageRequired" : "auth.problems.ageRange",
    })
    .int("auth.problems.ageRange")
    .min(4, "auth.problems.ageRange")
    .max(120, "auth.problems.ageRange"),
);

const passwordField = z
  .string("auth.problems.passwordShort")
  .min(8, "auth.problems.passwordShort")
  .max(128, "auth.problems.passwordLong")
  .regex(/^[^\p{Cc}]*$/u, "auth.problems.passwordCharacters");

export const localeField = z.enum(LOCALES, "errors.invalid_value");

/** Where to send the browser afterwards: a path on this site only (see safeRedirect). */
const sitePathField = z
  .string()
  .max(2000)
  .refine((target) => safeRedirect(target, "") === target, "auth.problems.redirectInvalid");

/**
 * A parent's or guardian's address, asked when the age is under 14 (decision 0064); an empty field
 * (the form sends one at any age) is none.
 */
export const parentEmailField = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  emailField("auth.problems.parentEmailInvalid").optional(),
);

/**
 * Under 14, the parent's address is required and must not be the child's own; at 14 or more it is
 * not kept. The same rule for the sign-up form and Better Auth's endpoint.
 */
function parentEmailRule(
  form: { age: number; email: string; parentEmail?: string | undefined },
  context: z.RefinementCtx,
) {
  if (!needsConsent(form.age)) return;
  if (!form.parentEmail)
    context.addIssue({
      code: "custom",
      message: "auth.problems.parentEmailRequired",
      path: ["parentEmail"],
    });
  else if (form.parentEmail.toLowerCase() === form.email.toLowerCase())
    context.addIssue({
      code: "custom",
      message: "auth.problems.parentEmailSame",
      path: ["parentEmail"],
    });
}

const confirmPassword = z
  .string("auth.problems.confirmRequired")
  .min(1, "auth.problems.confirmRequired");
const passwordsMatch = (form: { password: string; confirmPassword: string }) =>
  form.password === form.confirmPassword;
const mismatch = { message: "auth.problems.passwordsMismatch", path: ["confirmPassword"] };

export const signUpSchema = z
  .object({
    intent: z.literal("register"),
    name: usernameField,
    age: ageField,
    password: passwordField,
    confirmPassword,
    email,
    parentEmail: parentEmailField,
    redirectTo: z.string().optional(),
  })
  .refine(passwordsMatch, mismatch)
  .superRefine(parentEmailRule);

export const signInSchema = z.object({
  intent: z.literal("login"),
  email: z.string("auth.problems.loginMismatch").trim().min(1, "auth.problems.loginMismatch"),
  password: z.string("auth.problems.loginMismatch").min(1, "auth.problems.loginMismatch"),
  redirectTo: z.string().optional(),
});

/** A code from the authenticator app (6 digits) or a recovery code ("AbCde-12345"). */
function twoFactorCodeField() {
  return z
    .string("auth.problems.twoFactorWrong")
    .regex(/^(?:\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, "auth.problems.twoFactorWrong");
}

/**
 * A code as people type it: spaces anywhere ("123 456", as apps show it) and a recovery code
 * without its hyphen are read as the code.
 */
const typedTwoFactorCode = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  const code = value.replace(/\s+/g, "");
  return /^[A-Za-z0-9]{10}$/.test(code) && !/^\d+$/.test(code)
    ? `${code.slice(0, 5)}-${code.slice(5)}`
    : code;
}, twoFactorCodeField());

/** The second step of signing in to an account with two-factor on: its code. */
export const twoFactorSignInSchema = z.object({
  code: typedTwoFactorCode,
  redirectTo: z.string().optional(),
});

/** Whether a two-factor code is one of the recovery codes rather than the app's six digits. */
export const isRecoveryCode = (code: string) => !/^\d{6}$/.test(code);

const googleSignInSchema = z.object({
  intent: z.literal("google"),
  redirectTo: z.string().optional(),
});

/** The login page's three forms: sign in, sign up, or go to Google. */
export const loginPageSchema = z.discriminatedUnion(
  "intent",
  [signInSchema, signUpSchema, googleSignInSchema],
  {
    error: "errors.unknown_intent",
  },
);

export type LoginPageForm = z.infer<typeof loginPageSchema>;

/** A new password and its confirmation, with the same rules and messages as at sign-up. */
export const newPasswordSchema = z
  .object({ password: passwordField, confirmPassword, token: z.string().max(256).default("") })
  .refine(passwordsMatch, mismatch);

export const forgotPasswordSchema = z.object({ email });

/** What Better Auth's endpoints accept, field for field the same rules as the forms. */
export const authEndpointSchemas = {
  "/sign-up/email": z
    .strictObject({
      name: usernameField,
      email,
      password: passwordField,
      age: ageField,
      parentEmail: parentEmailField,
      locale: localeField.optional(),
      callbackURL: sitePathField.optional(),
      rememberMe: z.boolean().optional(),
    })
    .superRefine(parentEmailRule),
  "/sign-in/email": z.strictObject({
    email: z.string().max(254),
    password: z.string().max(128),
    callbackURL: sitePathField.optional(),
    rememberMe: z.boolean().optional(),
  }),
  "/reset-password": z.strictObject({
    newPassword: passwordField,
    token: z.string().max(256).optional(),
  }),
  "/request-password-reset": z.strictObject({
    email,
    redirectTo: sitePathField.optional(),
  }),
  "/send-verification-email": z.strictObject({
    email,
    callbackURL: sitePathField.optional(),
  }),
  "/sign-in/social": z.strictObject({
    provider: z.literal("google", "errors.not_found"),
    callbackURL: sitePathField.optional(),
    errorCallbackURL: sitePathField.optional(),
    newUserCallbackURL: sitePathField.optional(),
    disableRedirect: z.boolean().optional(),
  }),
  // Two-factor sign-in (decision 0046): TOTP only, and no "trust this device", so no field for it.
  "/two-factor/enable": z.strictObject({ password: z.string().max(128) }),
  "/two-factor/verify-totp": z.strictObject({ code: twoFactorCodeField() }),
  "/two-factor/verify-backup-code": z.strictObject({ code: twoFactorCodeField() }),
} as const;

/** Query parameters that name where the browser goes next, on any auth endpoint. */
export const redirectQuerySchema = z.looseObject({
  callbackURL: sitePathField.optional(),
  errorCallbackURL: sitePathField.optional(),
  newUserCallbackURL: sitePathField.optional(),
  redirectTo: sitePathField.optional(),
});

/** Control characters and spaces: browsers drop some (tab, newline) before reading an address. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u00a0\u2028\u2029]/u;

/**
 * Where to go after signing in: a path on this site, or `fallback`. Anything a browser could read
 * as another site is refused: another host or scheme, "//host", back-slashes, control characters
 * browsers strip ("/\t/host"), and dot segments that collapse into "//host" ("/.//host").
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target?.startsWith("/") || target.includes("\\") || CONTROL_OR_SPACE.test(target))
    return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (decoded.includes("\\") || CONTROL_OR_SPACE.test(decoded) || decoded.startsWith("//"))
    return fallback;
  try {
    const url = new URL(target, "http://site.invalid");
    if (url.origin !== "http://site.invalid" || url.pathname.startsWith("//")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
