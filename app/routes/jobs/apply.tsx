import { Link, redirect } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { applicationSchemaFor } from "../../jobs/application.ts";
import { applyToJob } from "../../jobs/applications.server.ts";
import { type ApplyDefaults, ApplyForm } from "../../jobs/components/apply-form.tsx";
import { placeOf } from "../../jobs/format.ts";
import { getJob } from "../../jobs/jobs.server.ts";
import { questionsOf } from "../../jobs/screening.server.ts";
import { answerField, MAX_QUESTIONS } from "../../jobs/screening.ts";
import { parseJobId } from "../../jobs/search.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  retryAfterHeaders,
} from "../../platform/api.ts";
import { CLIENT_IP_HEADER } from "../../platform/config.server.ts";
import {
  authContext,
  baseUrlContext,
  databaseContext,
  storageContext,
} from "../../platform/context.ts";
import { AppError, isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import type { Route } from "./+types/apply";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  const job = await getJob(context.get(databaseContext), id);
  const viewer = await getViewer(request, context);
  return {
    job,
    defaults: { fullName: viewer?.name ?? "", email: viewer?.email ?? "" } as ApplyDefaults,
    messages: pageMessages(request, "jobs"),
  };
}

/** What was typed, to fill the form again after a refusal (never the file: it is not kept). */
function typedValues(raw: unknown): ApplyDefaults {
  const field = (name: string) => {
    const value = (raw as Record<string, unknown> | null)?.[name];
    return typeof value === "string" ? value.slice(0, 2000) : "";
  };
  return {
    fullName: field("fullName"),
    email: field("email"),
    contactNo: field("contactNo"),
    summary: field("summary"),
    answers: Array.from({ length: MAX_QUESTIONS }, (_, index) => field(answerField(index))),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

/**
 * The application, from the dialog or this page: counted against the client address's limit,
 * checked by the same schema as in the browser, then stored and mailed (applyToJob). Success
 * goes back to the job, which says the application was sent; a refusal comes back with what was
 * typed, for pages without JavaScript.
 */
export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "apply", request.headers.get(CLIENT_IP_HEADER));
  const raw = await readRaw(request);
  try {
    // The posting's questions as the form showed them; their answers are stored beside them.
    const questions = await questionsOf(db, id);
    const application = await validate(applicationSchemaFor(questions), raw);
    const locale = localeFromPath(new URL(request.url).pathname);
    const viewer = await getViewer(request, context);
    await applyToJob(db, context.get(storageContext), {
      jobId: id,
      application,
      questions,
      locale,
      userId: viewer?.id ?? null,
      baseUrl: context.get(baseUrlContext),
      secret: context.get(authContext).options.secret as string,
    });
    return redirect(`${localizedPath(`/jobs/${id}`, locale)}?applied`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { values: typedValues(raw) });
  }
});

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { job, defaults } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = result?.problem;
  const back = to(`/jobs/${job.id}`);
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <title>{t("jobs.apply.metaTitle", { title: job.title[locale] })}</title>
      <h1 className="text-3xl font-bold">
        {t("jobs.apply.heading", { title: job.title[locale] })}
      </h1>
      <p className="mt-1 text-slate-700">
        {t("jobs.apply.at", { company: job.company, location: placeOf(job) })}
      </p>
      {job.open ? (
        <ApplyForm
          action={to(`/jobs/${job.id}/apply`)}
          defaults={result?.values ?? defaults}
          questions={job.questions}
          serverProblem={problem}
          inDialog={false}
          cancel={
            <Link to={back} className="rounded-lg px-5 py-3 font-semibold ring-1 ring-slate-300">
              {t("jobs.apply.cancel")}
            </Link>
          }
        />
      ) : (
        <p role="status" className="mt-6 rounded-lg bg-amber-50 p-4 font-semibold text-amber-900">
          {t("jobs.detail.closed")}
        </p>
      )}
    </section>
  );
}
