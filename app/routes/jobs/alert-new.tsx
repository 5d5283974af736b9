import { Form, useNavigation } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import { ALERT_FREQUENCIES, alertFormSchema } from "../../jobs/alert-filters.ts";
import { createAlert } from "../../jobs/alerts.server.ts";
import { EMPLOYER_TYPES, WORK_SETTINGS } from "../../jobs/posting.ts";
import { searchFormOf } from "../../jobs/search.ts";
import { type FormOutcome, formAction, retryAfterHeaders } from "../../platform/api.ts";
import { CLIENT_IP_HEADER } from "../../platform/config.server.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { isChildAddress } from "../../players/identity.server.ts";
import { mayBeSoldTo } from "../../players/identity.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { EmailField, TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/alert-new";

const ALERT_FIELDS = [
  "email",
  "frequency",
  "keywords",
  "location",
  "employerType",
  "workSetting",
] as const;

/** The form arrives with the list's filters (its address's query) and the player's e-mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  return {
    form: searchFormOf(new URL(request.url).searchParams),
    email: viewer?.email ?? "",
    messages: pageMessages(request, "jobs"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  await takeAttempt(db, "alert", request.headers.get(CLIENT_IP_HEADER));
  const { email, frequency, filters } = await readInput(request, alertFormSchema);
  // Job alerts are the site's only opt-in mail, and none goes to a child (issue 28). A signed-in
  // child is told; an address typed by someone else answers as any other, so the form does not
  // say which addresses are children's.
  if (!mayBeSoldTo(await getViewer(request, context)))
    throw new AppError("forbidden", { message: "jobs.alerts.notForChildren" });
  if (await isChildAddress(db, email)) return { sent: true };
  await createAlert(db, {
    email,
    filters,
    frequency,
    locale: localeFromPath(new URL(request.url).pathname),
    baseUrl: context.get(baseUrlContext),
  });
  return { sent: true };
});

export default function NewAlert({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { form, email } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "alert-problem", ALERT_FIELDS);
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <title>{t("jobs.alerts.metaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("jobs.alerts.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("jobs.alerts.intro")}</p>
      {result?.sent ? (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 p-4 font-medium text-brand-900">
          {t("jobs.alerts.sent")}
        </p>
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-5" ref={problem.form}>
          {problem.alert}
          <EmailField
            id="alert-email"
            name="email"
            defaultValue={email}
            label={t("jobs.alerts.email")}
            {...problem.field("email")}
            problem={problem.message("email")}
          />
          <fieldset className="flex flex-col gap-1">
            <legend className="font-medium">{t("jobs.alerts.frequency")}</legend>
            <div className="mt-2 flex flex-col gap-2">
              {ALERT_FREQUENCIES.map((value) => (
                <div key={value} className="flex items-center gap-2">
                  <input
                    id={`alert-frequency-${value}`}
                    type="radio"
                    name="frequency"
                    value={value}
                    defaultChecked={value === "daily"}
                    className="size-5"
                    {...problem.field("frequency")}
                  />
                  <label htmlFor={`alert-frequency-${value}`}>
                    {t(`jobs.alerts.frequencies.${value}`)}
                  </label>
                </div>
              ))}
            </div>
            {problem.message("frequency")}
          </fieldset>
          <fieldset className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200">
            <legend className="px-1 font-semibold">{t("jobs.alerts.filters")}</legend>
            <TextField
              id="alert-keywords"
              name="keywords"
              maxLength={100}
              defaultValue={form.keywords}
              label={t("jobs.search.keywords")}
              {...problem.field("keywords")}
              problem={problem.message("keywords")}
            />
            <TextField
              id="alert-location"
              name="location"
              maxLength={100}
              defaultValue={form.location}
              label={t("jobs.search.location")}
              {...problem.field("location")}
              problem={problem.message("location")}
            />
            <Checkboxes
              legend={t("jobs.filters.employerType")}
              name="employerType"
              options={EMPLOYER_TYPES.map((value) => [value, t(`jobs.employerTypes.${value}`)])}
              checked={form.employerType}
              problem={problem}
            />
            <Checkboxes
              legend={t("jobs.filters.workSettings")}
              name="workSetting"
              options={WORK_SETTINGS.map((value) => [value, t(`jobs.workSettings.${value}`)])}
              checked={form.workSetting}
              problem={problem}
            />
          </fieldset>
          <p className="text-sm text-slate-700">{t("jobs.alerts.consent")}</p>
          <div className="flex justify-end">
            <button
              type="submit"
              disabled={busy}
              className={`${primaryButton} disabled:opacity-70`}
            >
              {t("jobs.alerts.submit")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

function Checkboxes({
  legend,
  name,
  options,
  checked,
  problem,
}: {
  legend: string;
  name: string;
  options: [string, string][];
  checked: readonly string[];
  problem: ReturnType<typeof useFormProblem>;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map(([value, label]) => (
          <div key={value} className="flex items-center gap-2">
            <input
              id={`alert-${name}-${value}`}
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={checked.includes(value)}
              className="size-5"
              {...problem.field(name)}
            />
            <label htmlFor={`alert-${name}-${value}`}>{label}</label>
          </div>
        ))}
      </div>
      {problem.message(name)}
    </fieldset>
  );
}
