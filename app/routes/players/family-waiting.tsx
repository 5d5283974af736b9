import { Form, redirect, useNavigation } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { formatDate } from "../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { authContext, baseUrlContext, databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { askParent, childConsentState, resendConsent } from "../../players/consent.server.ts";
import { consentWaitingSchema } from "../../players/consent-form.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { EmailField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/family-waiting";

/**
 * A child's account waiting for a parent (decision 0064): the address the e-mail went to, the
 * deadline, and "send it again"; an account older than the consent flow gives the address here
 * (every page leads here until it does). A player who needs no consent goes to their profile.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const state = await childConsentState(context.get(databaseContext), viewer.id);
  if (state.status === "not_needed")
    throw redirect(localizedPath("/profile", localeFromPath(url.pathname)));
  return {
    status: state.status,
    parentEmail: state.parentEmail,
    dueBy: state.dueBy?.toISOString() ?? null,
    messages: pageMessages(request, "players", "auth"),
  };
}

export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const form = await readInput(request, consentWaitingSchema);
  const db = context.get(databaseContext);
  const options = {
    secret: context.get(authContext).options.secret as string,
    baseUrl: context.get(baseUrlContext),
  };
  if (form.intent === "ask") await askParent(db, viewer.id, form.parentEmail, options);
  else await resendConsent(db, viewer.id, options);
  return { done: form.intent };
});

export default function FamilyWaiting({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const { status, parentEmail, dueBy } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "waiting-problem", ["parentEmail"]);
  const title =
    status === "needs_parent" ? t("consent.waiting.askTitle") : t("consent.waiting.title");
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{t("consent.waiting.metaTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      {status === "given" ? (
        <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {t("consent.waiting.given")}
        </p>
      ) : status === "needs_parent" ? (
        <Form method="post" ref={problem.form} noValidate className="mt-6 flex flex-col gap-4">
          <p className="text-slate-700">{t("consent.waiting.ask")}</p>
          {problem.alert}
          <input type="hidden" name="intent" value="ask" />
          <EmailField
            id="waiting-parentEmail"
            name="parentEmail"
            autoComplete="off"
            label={t("auth.fields.parentEmail")}
            {...problem.field("parentEmail")}
            problem={problem.message("parentEmail")}
          />
          <button type="submit" disabled={busy} className={`${primaryButton} self-start`}>
            {t("consent.waiting.send")}
          </button>
        </Form>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <p className="text-slate-700">
            {t("consent.waiting.pending", { email: parentEmail ?? "" })}
          </p>
          {dueBy && (
            <p className="font-medium text-slate-800">
              {t("consent.waiting.deadline", { date: formatDate(dueBy, locale) })}
            </p>
          )}
          {result?.done === "resend" && (
            <p role="status" className="rounded-lg bg-green-50 p-4 font-medium text-green-900">
              {t("consent.waiting.resent")}
            </p>
          )}
          <Form method="post" ref={problem.form}>
            {problem.alert}
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" disabled={busy} className={primaryButton}>
              {t("consent.waiting.resend")}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
