import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { CLIENT_IP_HEADER } from "../../auth/auth.server.ts";
import { getViewer } from "../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { applicationSchema } from "../../jobs/application.ts";
import { applyToJob } from "../../jobs/applications.server.ts";
import { ApplyForm } from "../../jobs/components/apply-form.tsx";
import { placeOf } from "../../jobs/format.ts";
import { getJob } from "../../jobs/jobs.server.ts";
import { APPLY_LIMIT, takeAttempt } from "../../jobs/rate-limit.server.ts";
import { parseJobId } from "../../jobs/search.ts";
import { type FormProblem, formAction } from "../../platform/api.ts";
import { authContext, databaseContext, storageContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import type { Route } from "./+types/apply";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseJobId(params.id);
  const job = id ? await getJob(context.get(databaseContext), id) : null;
  if (!job) throw data(null, { status: 404 });
  const viewer = await getViewer(request, context);
  return {
    job,
    defaults: { fullName: viewer?.name ?? "", email: viewer?.email ?? "" },
    messages: pageMessages(request, "jobs"),
  };
}

/**
 * The application, from the dialog or this page: counted against the client address's limit,
 * checked by the same schema as in the browser, then stored and mailed (applyToJob). Success
 * goes back to the job, which says the application was sent.
 */
export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, APPLY_LIMIT, request.headers.get(CLIENT_IP_HEADER));
  const application = await readInput(request, applicationSchema);
  const locale = localeFromPath(new URL(request.url).pathname);
  const viewer = await getViewer(request, context);
  await applyToJob(db, context.get(storageContext), {
    jobId: id,
    application,
    locale,
    userId: viewer?.id ?? null,
    baseUrl: context.get(authContext).options.baseURL as string,
  });
  return redirect(`${localizedPath(`/jobs/${id}`, locale)}?applied`);
});

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { job, defaults } = loaderData;
  const problem = (actionData as { problem?: FormProblem } | undefined)?.problem;
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
          defaults={defaults}
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
