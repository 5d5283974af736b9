import { Form, Link, useNavigation } from "react-router";
import { assertPasswordNotCommon } from "../../auth/passwords.server.ts";
import { callAuth } from "../../auth/session.server.ts";
import { newPasswordSchema } from "../../auth/validation.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/reset-password";

/** Better Auth's reset link lands here with ?token=… (or ?error=INVALID_TOKEN when it has expired). */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    token: params.get("token") ?? "",
    invalid: params.has("error") || !params.get("token"),
    messages: pageMessages(request, "auth"),
  };
}

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const { password, token } = await readInput(request, newPasswordSchema);
  await assertPasswordNotCommon(password);
  const answer = await callAuth(request, context, "/reset-password", {
    newPassword: password,
    token,
  });
  if (answer.status === 429) throw new AppError("too_many_requests");
  if (!answer.ok)
    throw new AppError("invalid_parameters", { message: "auth.problems.linkInvalid" });
  return { done: true };
});

const RESET_FIELDS = ["password", "confirmPassword"] as const;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "reset-problem", RESET_FIELDS);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <title>{t("auth.reset.metaTitle")}</title>
      <meta name="description" content={t("site.description")} />
      <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-3xl font-bold text-brand-900">{t("auth.reset.title")}</h1>
        {result?.done ? (
          <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 text-green-900">
            {t("auth.reset.done")}
          </p>
        ) : loaderData.invalid ? (
          <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-red-800">
            {t("auth.problems.linkInvalid")}
          </p>
        ) : (
          <Form method="post" className="mt-6 flex flex-col gap-4" ref={problem.form}>
            <input type="hidden" name="token" value={loaderData.token} />
            {problem.alert}
            {RESET_FIELDS.map((name) => (
              <TextField
                key={name}
                id={`reset-${name}`}
                name={name}
                type="password"
                required
                autoComplete="new-password"
                label={t(`auth.fields.${name}`)}
                {...problem.field(name)}
                problem={problem.message(name)}
              />
            ))}
            <button
              type="submit"
              disabled={busy}
              className={`${primaryButton} disabled:opacity-70`}
            >
              {t("auth.reset.submit")}
            </button>
          </Form>
        )}
        {loaderData.invalid ? (
          <Link
            to={to("/forgot-password")}
            className="mt-6 block text-center text-brand-700 hover:underline"
          >
            {t("auth.forgot.title")}
          </Link>
        ) : (
          <Link to={to("/login")} className="mt-6 block text-center text-brand-700 hover:underline">
            {t("auth.forgot.back")}
          </Link>
        )}
      </div>
    </section>
  );
}
