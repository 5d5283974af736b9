import { Form, Link, redirect, useSearchParams } from "react-router";
import { formatDate, formatDateTime } from "../../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import {
  APPLICATION_MOVES,
  applicationIdSchema,
  applicationMoveSchema,
} from "../../../jobs/application-status.ts";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { moveApplication, postingApplications } from "../../../jobs/inbox.server.ts";
import { questionTextIn } from "../../../jobs/screening.ts";
import {
  type FormOutcome,
  type FormProblem,
  formAction,
  formFailure,
} from "../../../platform/api.ts";
import { authContext, baseUrlContext, databaseContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";
import { primaryButton } from "../../../ui/button-link.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import type { Route } from "./+types/applications";
import { employerActorOf } from "./actor.server.ts";

/** A posting's inbox: every applicant, their status and CV, and a form to move each one. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = await employerActorOf({ request, params, context });
  const jobId = rowIdOrNotFound(params.jobId);
  const { posting, applications } = await postingApplications(
    context.get(databaseContext),
    actor.employerId,
    jobId,
  );
  return {
    employerId: actor.employerId,
    posting,
    applications: applications.map((application) => ({
      ...application,
      createdAt: application.createdAt.toISOString(),
      interviewAt: application.interviewAt.map((at) => at.toISOString()),
    })),
    messages: pageMessages(request, "jobs"),
  };
}

/** One applicant's move (the API's schema); the page comes back saying who moved where. */
export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const actor = await employerActorOf({ request, params, context });
  const jobId = rowIdOrNotFound(params.jobId);
  const raw = await readRaw(request);
  const { application } = await validate(applicationIdSchema.loose(), raw);
  try {
    const move = await validate(applicationMoveSchema, raw);
    const status = await moveApplication(context.get(databaseContext), actor, application, move, {
      baseUrl: context.get(baseUrlContext),
      secret: context.get(authContext).options.secret as string,
    });
    const locale = localeFromPath(new URL(request.url).pathname);
    const page = localizedPath(
      employerHref(actor.employerId, `jobs/${jobId}/applications`),
      locale,
    );
    return redirect(`${page}?moved=${application}&to=${status}#application-${application}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { application });
  }
});

type Applicant = Route.ComponentProps["loaderData"]["applications"][number];

/** The applicant's answers to the posting's questions, as asked: never a verdict by themselves. */
function ScreeningAnswers({ answers }: { answers: Applicant["answers"] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div>
      <p className="font-medium">{t("jobs.questions.heading")}</p>
      <dl className="grid gap-y-1">
        {answers.map(({ question, answer }, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the answers are fixed, in the questions' order
          <div key={index}>
            <dt>{questionTextIn(question.text, locale)}</dt>
            <dd className="whitespace-pre-wrap font-semibold">
              {question.kind === "yesNo"
                ? t(answer === "yes" ? "jobs.questions.yes" : "jobs.questions.no")
                : answer}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The form moving one applicant: the statuses allowed from theirs, and an interview's time. */
function MoveForm({
  applicant,
  problem,
}: {
  applicant: Applicant;
  problem: FormProblem | undefined;
}) {
  const t = useT();
  const id = `move-${applicant.id}`;
  const { form, field, message, alert } = useFormProblem(problem, `${id}-problem`, [
    "status",
    "interviewAt",
  ]);
  const moves = APPLICATION_MOVES[applicant.status].filter((status) => status !== "withdrawn");
  if (moves.length === 0) return <p className="text-slate-700">{t("employer.inbox.final")}</p>;
  return (
    <Form method="post" ref={form} className="flex flex-col gap-3" noValidate>
      {alert}
      <input type="hidden" name="application" value={applicant.id} />
      <input type="hidden" name="from" value={applicant.status} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="font-medium text-slate-800">
          {t("employer.inbox.moveLabel")}
        </label>
        <select
          id={`${id}-status`}
          name="status"
          className="rounded-lg border border-slate-300 px-3 py-3"
          {...field("status")}
        >
          {moves.map((status) => (
            <option key={status} value={status}>
              {t(`jobs.applications.status.${status}`)}
            </option>
          ))}
        </select>
        {message("status")}
      </div>
      <TextField
        id={`${id}-interview`}
        name="interviewAt"
        type="datetime-local"
        label={t("employer.inbox.interviewAt")}
        problem={message("interviewAt")}
        {...field("interviewAt")}
      />
      <button type="submit" className={`${primaryButton} self-start`}>
        {t("employer.inbox.move")}
      </button>
    </Form>
  );
}

export default function PostingApplications({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const { employerId, posting, applications } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const moved = applications.find((applicant) => String(applicant.id) === params.get("moved"));
  const heading = t("employer.inbox.heading", { title: posting.title[locale] });
  const base = employerHref(employerId, `jobs/${posting.id}/applications`);
  return (
    <section aria-labelledby="inbox-heading" className="flex flex-col gap-6">
      <title>{heading}</title>
      <h2 id="inbox-heading" className="text-xl font-bold">
        {heading}
      </h2>
      {moved && (
        <p role="status" className="rounded-lg bg-brand-50 p-4 font-medium text-brand-900">
          {t("employer.inbox.moved", {
            name: moved.fullName,
            status: t(`jobs.applications.status.${moved.status}`),
          })}
        </p>
      )}
      {applications.length === 0 && <p className="text-slate-700">{t("employer.inbox.none")}</p>}
      <ol className="flex flex-col gap-4">
        {applications.map((applicant) => (
          <li
            key={applicant.id}
            id={`application-${applicant.id}`}
            className="rounded-xl p-4 ring-1 ring-slate-200"
          >
            <article aria-labelledby={`applicant-${applicant.id}`} className="flex flex-col gap-3">
              <header className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id={`applicant-${applicant.id}`} className="text-lg font-semibold">
                  {applicant.fullName}
                </h3>
                <p className="text-sm text-slate-700">
                  {t("employer.inbox.received", { date: formatDate(applicant.createdAt, locale) })}
                </p>
              </header>
              <p>
                <span className="font-medium">{t("employer.inbox.status")} </span>
                <strong>{t(`jobs.applications.status.${applicant.status}`)}</strong>
              </p>
              {applicant.overdue && (
                <p className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-900 ring-1 ring-amber-200">
                  {t("employer.inbox.overdue")}
                </p>
              )}
              {applicant.interviewAt.length > 0 && (
                <div>
                  <p className="font-medium">{t("employer.inbox.interviews")}</p>
                  <ul className="list-disc ps-6">
                    {applicant.interviewAt.map((at) => (
                      <li key={at}>{formatDateTime(at, locale)}</li>
                    ))}
                  </ul>
                </div>
              )}
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
                <dt className="font-medium">{t("employer.inbox.email")}</dt>
                <dd className="break-all">
                  <a href={`mailto:${applicant.email}`} className="text-brand-700 underline">
                    {applicant.email}
                  </a>
                </dd>
                <dt className="font-medium">{t("employer.inbox.phone")}</dt>
                <dd>{applicant.contactNo}</dd>
                <dt className="font-medium">{t("employer.inbox.message")}</dt>
                <dd className="whitespace-pre-wrap">
                  {applicant.summary || t("employer.inbox.noMessage")}
                </dd>
              </dl>
              {applicant.answers.length > 0 && <ScreeningAnswers answers={applicant.answers} />}
              <p>
                <a
                  href={to(`${base}/${applicant.id}/cv`)}
                  className="font-semibold text-brand-700 underline"
                  download
                >
                  {t("employer.inbox.cv")}
                </a>
              </p>
              <MoveForm
                applicant={applicant}
                problem={result?.application === applicant.id ? result.problem : undefined}
              />
            </article>
          </li>
        ))}
      </ol>
      <p>
        <Link
          to={to(employerHref(employerId, `jobs/${posting.id}`))}
          className="text-brand-700 underline"
        >
          {t("employer.inbox.back")}
        </Link>
      </p>
    </section>
  );
}
