import { Form, Link, redirect } from "react-router";
import {
  authFailure,
  callAuth,
  forwardCookies,
  requireVisitor,
} from "../../auth/session.server.ts";
import { isRecoveryCode, safeRedirect, twoFactorSignInSchema } from "../../auth/validation.ts";
import { LOCALES, localeFromPath, localizedPath, unlocalizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/two-factor";

/**
 * The second step of signing in to an account with two-factor sign-in on (staff, decision 0046):
 * the login form's right password leaves only Better Auth's short-lived two-factor cookie, and the
 * code from the authenticator app, or a recovery code, opens the session.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireVisitor(request, context);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    messages: pageMessages(request, "auth"),
  };
}

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const form = await readInput(request, twoFactorSignInSchema);
  const locale = localeFromPath(new URL(request.url).pathname);
  const next = safeRedirect(form.redirectTo, localizedPath("/", locale));
  const answer = await callAuth(
    request,
    context,
    isRecoveryCode(form.code) ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp",
    { code: form.code },
  );
  const body = (await answer.json().catch(() => ({}))) as {
    code?: string;
    user?: { locale?: string };
  };
  if (answer.ok) {
    // As after the login form: the site speaks the language the member chose from now on.
    const language = LOCALES.find((known) => known === body.user?.locale) ?? locale;
    throw redirect(localizedPath(unlocalizedPath(next), language), {
      headers: forwardCookies(answer),
    });
  }
  // The step's cookie is gone, expired (10 minutes) or spent on five wrong codes: start again.
  if (
    body.code === "INVALID_TWO_FACTOR_COOKIE" ||
    body.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"
  )
    throw new AppError("unauthorized", { message: "auth.problems.twoFactorExpired" });
  if (answer.status === 401 || answer.status === 400)
    throw new AppError("unauthorized", {
      message: "auth.problems.twoFactorWrong",
      problems: [{ field: "code", message: "auth.problems.twoFactorWrong" }],
    });
  throw authFailure(answer.status, "auth.problems.loginFailed", answer.headers);
});

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "two-factor-problem", ["code"]);
  const { redirectTo } = loaderData;
  const restart = `${to("/login")}${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <title>{t("auth.twoFactor.metaTitle")}</title>
      <meta name="robots" content="noindex" />
      <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-3xl font-bold text-brand-900">{t("auth.twoFactor.title")}</h1>
        <p className="mt-4 text-slate-700">{t("auth.twoFactor.intro")}</p>
        <Form method="post" className="mt-6 flex flex-col gap-4" noValidate ref={problem.form}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {problem.alert}
          <TextField
            id="two-factor-code"
            name="code"
            label={t("auth.twoFactor.code")}
            hint={t("auth.twoFactor.codeHint")}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            required
            {...problem.field("code")}
            problem={problem.message("code")}
          />
          <button type="submit" className={`${primaryButton} mt-2`}>
            {t("auth.twoFactor.submit")}
          </button>
        </Form>
        <p className="mt-6 text-center">
          <Link to={restart} className="font-semibold text-brand-700 hover:underline">
            {t("auth.twoFactor.restart")}
          </Link>
        </p>
      </div>
    </section>
  );
}
