import { z } from "zod";

/**
 * The sign-up form, checked in SPEC.md's order (username, age, password, confirmation, match) with
 * its messages (as message keys); the e-mail's form and the age's range are checked too. The form
 * shows the first problem; the server runs the same schema before creating anything.
 */
const password = z
  .string()
  .min(8, "auth.problems.passwordShort")
  .max(128, "auth.problems.passwordLong");
const confirmPassword = z.string().min(1, "auth.problems.confirmRequired");
const passwordsMatch = (form: { password: string; confirmPassword: string }) =>
  form.password === form.confirmPassword;
const mismatch = { message: "auth.problems.passwordsMismatch", path: ["confirmPassword"] };

export const signUpSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(3, "auth.problems.usernameShort")
      .max(40, "auth.problems.usernameLong"),
    age: z
      .string()
      .trim()
      .min(1, "auth.problems.ageRequired")
      .regex(/^\d{1,3}$/, "auth.problems.ageRange")
      .transform(Number)
      .pipe(z.number().min(4, "auth.problems.ageRange").max(120, "auth.problems.ageRange")),
    password,
    confirmPassword,
    email: z.email("auth.problems.emailInvalid").max(254, "auth.problems.emailInvalid"),
  })
  .refine(passwordsMatch, mismatch);

/** A new password and its confirmation, with the same rules and messages as at sign-up. */
export const newPasswordSchema = z
  .object({ password, confirmPassword })
  .refine(passwordsMatch, mismatch);

export const signInSchema = z.object({
  email: z.string().trim().min(1, "auth.problems.emailInvalid"),
  password: z.string().min(1, "auth.problems.passwordShort"),
});

export type FormProblem = { field: string; message: string };

/** The first problem in the schema's order, or null when the form is sound. */
export function firstProblem(result: z.ZodSafeParseResult<unknown>): FormProblem | null {
  if (result.success) return null;
  const [issue] = result.error.issues;
  return issue ? { field: String(issue.path[0] ?? ""), message: issue.message } : null;
}

/**
 * Where to go after signing in: a path on this site, or home. Anything that could leave the site
 * (another host, a scheme, "//host", back-slashes some browsers read as slashes) is refused.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  try {
    const url = new URL(target, "http://site.invalid");
    return url.origin === "http://site.invalid"
      ? `${url.pathname}${url.search}${url.hash}`
      : fallback;
  } catch {
    return fallback;
  }
}
