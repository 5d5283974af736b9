import { Form, Link, redirect, useNavigation } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { FraudPolicyLink } from "../../jobs/components/fraud-policy-link.tsx";
import { getJob } from "../../jobs/jobs.server.ts";
import { reportSchema } from "../../jobs/report.ts";
import { REPORT_REASONS } from "../../jobs/report-fields.ts";
import { reportJob } from "../../jobs/reports.server.ts";
import { parseJobId } from "../../jobs/search.ts";
import { formAction, retryAfterHeaders } from "../../platform/api.ts";
import { CLIENT_IP_HEADER } from "../../platform/config.server.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { ReasonChoice } from "../../ui/reason-choice.tsx";
import type { Route } from "./+types/report";

const REPORT_FIELDS = ["reason", "details"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  const job = await getJob(context.get(databaseContext), id);
  return { job, messages: pageMessages(request, "jobs") };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const clientAddress = request.headers.get(CLIENT_IP_HEADER);
  await takeAttempt(db, "report", clientAddress);
  const report = await readInput(request, reportSchema);
  const viewer = await getViewer(request, context);
  await reportJob(db, id, report, { userId: viewer?.id ?? null, clientAddress });
  const locale = localeFromPath(new URL(request.url).pathname);
  return redirect(`${localizedPath(`/jobs/${id}`, locale)}?reported`);
});

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { job } = loaderData;
  const { form, field, message, alert } = useFormProblem(
    actionData?.problem,
    "report-problem",
    REPORT_FIELDS,
  );
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <title>{t("jobs.report.metaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("jobs.report.heading")}</h1>
      <p className="mt-2 text-slate-700">
        {t("jobs.report.intro", { title: job.title[locale], company: job.company })}
      </p>
      <FraudPolicyLink />
      <Form method="post" className="mt-6 flex flex-col gap-5" ref={form}>
        {alert}
        <ReasonChoice
          legend={t("jobs.report.reason")}
          reasons={REPORT_REASONS}
          labelOf={(reason) => t(`jobs.report.reasons.${reason}`)}
          marks={field("reason")}
          problem={message("reason")}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="report-details" className="font-medium">
            {t("jobs.report.details")}
          </label>
          <textarea
            id="report-details"
            name="details"
            rows={5}
            maxLength={2000}
            aria-describedby="report-details-hint"
            className="rounded-lg border border-slate-300 px-3 py-2.5 focus:border-brand-700 aria-invalid:border-red-700"
            {...field("details")}
          />
          <p id="report-details-hint" className="text-sm text-slate-600">
            {t("jobs.report.detailsHint")}
          </p>
          {message("details")}
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Link
            to={to(`/jobs/${job.id}`)}
            className="rounded-lg px-5 py-3 font-semibold ring-1 ring-slate-300"
          >
            {t("jobs.report.cancel")}
          </Link>
          <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-70`}>
            {t("jobs.report.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
