import { redirect } from "react-router";
import { requireViewer } from "../../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useT } from "../../../i18n/use-t.ts";
import { EmployerForm } from "../../../jobs/components/employer-form.tsx";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { employerProfileSchema } from "../../../jobs/employer-profile.ts";
import { createEmployer, storeLogo } from "../../../jobs/employers.server.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  retryAfterHeaders,
  sentTextFields,
} from "../../../platform/api.ts";
import { clientAddressOf } from "../../../platform/audit.server.ts";
import { databaseContext, storageContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { takeAttempt } from "../../../platform/rate-limit.server.ts";
import { isAdult } from "../../../players/identity.server.ts";
import type { Route } from "./+types/new";

/** Signed-in players only (a visitor is sent to sign in and back); the form only for adults. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  return {
    adult: await isAdult(context.get(databaseContext), viewer.id),
    messages: pageMessages(request, "employer"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

/** The new employer's own pages follow; they say it waits for staff to verify it. */
export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const raw = await readRaw(request);
  try {
    // Counted before the form is checked, so refused input counts too (decision 0038).
    await takeAttempt(db, "employer-create", viewer.id);
    const form = await validate(employerProfileSchema, raw);
    const founder = { id: viewer.id, role: "employer", clientAddress: clientAddressOf(request) };
    const logo = await storeLogo(context.get(storageContext), form.logo);
    const id = await createEmployer(db, founder, form, logo);
    return redirect(localizedPath(employerHref(id), localeFromPath(url.pathname)));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { values: sentTextFields(raw) });
  }
});

export default function NewEmployer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const result: FormOutcome<typeof actionData> = actionData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{t("employer.new.metaTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">{t("employer.new.heading")}</h1>
      {loaderData.adult ? (
        <>
          <p className="mt-2 mb-6 text-slate-700">{t("employer.new.intro")}</p>
          <EmployerForm
            sent={result?.values}
            problem={result?.problem}
            submitLabel={t("employer.new.submit")}
          />
        </>
      ) : (
        <p className="mt-4 rounded-lg bg-amber-50 p-4 font-medium text-amber-900 ring-1 ring-amber-200">
          {t("employer.new.adultsOnly")}
        </p>
      )}
    </section>
  );
}
