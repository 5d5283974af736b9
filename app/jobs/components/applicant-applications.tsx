import { Form, Link } from "react-router";
import { formatDate, formatDateTime } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { secondaryButton } from "../../ui/button-link.tsx";
import { APPLICATION_MOVES, type ApplicantApplication } from "../application-status.ts";

/**
 * The applicant's applications, each with its posting, date, status and interviews, and a
 * Withdraw button behind a confirmation (a disclosure: it works without JavaScript). The same on
 * `/jobs/applications` and on a signed status link; each page's action withdraws.
 */
export function ApplicantApplications({ applications }: { applications: ApplicantApplication[] }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  return (
    <ol className="mt-6 flex flex-col gap-4">
      {applications.map((application) => {
        const title = application.title[locale];
        return (
          <li key={application.id} className="rounded-xl p-4 ring-1 ring-slate-200">
            <article
              aria-labelledby={`application-${application.id}`}
              className="flex flex-col gap-2"
            >
              <h2 id={`application-${application.id}`} className="text-lg font-semibold">
                <Link to={to(`/jobs/${application.jobId}`)} className="text-brand-700 underline">
                  {title}
                </Link>
              </h2>
              <p className="text-slate-700">{application.company}</p>
              <p className="text-sm text-slate-700">
                {t("jobs.applications.sentOn", { date: formatDate(application.createdAt, locale) })}
              </p>
              <p>
                <span className="font-medium">{t("jobs.applications.statusLabel")} </span>
                <strong>{t(`jobs.applications.status.${application.status}`)}</strong>
              </p>
              {application.interviewAt.length > 0 && (
                <div>
                  <p className="font-medium">{t("jobs.applications.interviews")}</p>
                  <ul className="list-disc ps-6">
                    {application.interviewAt.map((at) => (
                      <li key={at}>{formatDateTime(at, locale)}</li>
                    ))}
                  </ul>
                </div>
              )}
              {APPLICATION_MOVES[application.status].includes("withdrawn") && (
                <details className="mt-2">
                  <summary className="cursor-pointer self-start font-semibold text-brand-800 underline">
                    {t("jobs.applications.withdraw")}
                  </summary>
                  <Form method="post" className="mt-3 flex flex-col gap-3">
                    <p>{t("jobs.applications.withdrawConfirm", { title })}</p>
                    <input type="hidden" name="application" value={application.id} />
                    <button type="submit" className={`${secondaryButton} self-start`}>
                      {t("jobs.applications.withdrawYes")}
                    </button>
                  </Form>
                </details>
              )}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

/** What the last Withdraw did: done, or why not. */
export function WithdrawNotice({
  problem,
  withdrawn,
}: {
  problem: FormProblem | undefined;
  withdrawn: boolean;
}) {
  const t = useT();
  if (problem)
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
        {t(problem.message, problem.values)}
      </p>
    );
  return withdrawn ? (
    <p role="status" className="mt-4 rounded-lg bg-brand-50 p-4 font-medium text-brand-900">
      {t("jobs.applications.withdrawn")}
    </p>
  ) : null;
}
