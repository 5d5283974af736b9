import { Form, Link, useNavigation } from "react-router";
import { callAuth, requireVisitor } from "../../auth/session.server.ts";
import { forgotPasswordSchema } from "../../auth/validation.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { EmailField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/forgot-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireVisitor(request, context);
  return { messages: pageMessages(request, "auth") };
}

/** The same answer whether or not an account uses the address: it reveals nothing. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { email } = await readInput(request, forgotPasswordSchema);
  const locale = localeFromPath(new URL(request.url).pathname);
  const answer = await callAuth(request, context, "/request-password-reset", {
    email,
    redirectTo: localizedPath("/reset-password", locale),
  });
  if (answer.status === 429) throw new AppError("too_many_requests");
  return { sent: true };
});

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "forgot-problem", ["email"]);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <title>{t("auth.forgot.metaTitle")}</title>
      <meta name="description" content={t("site.description")} />
      <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-3xl font-bold text-brand-900">{t("auth.forgot.title")}</h1>
        {result?.sent ? (
          <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 text-green-900">
            {t("auth.forgot.sent")}
          </p>
        ) : (
          <Form method="post" className="mt-4 flex flex-col gap-4" ref={problem.form}>
            <p className="text-slate-700">{t("auth.forgot.text")}</p>
            {problem.alert}
            <EmailField
              id="forgot-email"
              name="email"
              label={t("auth.fields.email")}
              {...problem.field("email")}
              problem={problem.message("email")}
            />
            <button
              type="submit"
              disabled={busy}
              className={`${primaryButton} disabled:opacity-70`}
            >
              {t("auth.forgot.submit")}
            </button>
          </Form>
        )}
        <Link to={to("/login")} className="mt-6 block text-center text-brand-700 hover:underline">
          {t("auth.forgot.back")}
        </Link>
      </div>
    </section>
  );
}
