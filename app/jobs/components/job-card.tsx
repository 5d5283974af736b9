import { Link } from "react-router";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { formatPayRange, placeOf, timeAgo } from "../format.ts";
import type { JobSummary } from "../types.ts";
import { ResponseRate, VerifiedEmployerBadge } from "./verified-badge.tsx";

/** The pay as a sentence: "$98,000–$128,000 a year". */
export function PayText({ pay }: { pay: JobSummary["pay"] }) {
  const t = useT();
  const locale = useLocale();
  return <>{t(`jobs.pay.${pay.period}`, { range: formatPayRange(pay, locale) })}</>;
}

/**
 * A posting in the list: logo, title linking to the job, "company - location", the employer's
 * badge and response rate, pay, an excerpt on large screens and the update time in words. `now` is the server's, so both renders agree.
 */
export function JobCard({ job, now }: { job: JobSummary; now: string }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  return (
    <article className="relative flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <img
        src={job.companyLogo}
        alt=""
        width="56"
        height="56"
        loading="lazy"
        className="size-14 shrink-0 rounded-xl"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="text-lg font-semibold text-slate-900">
          <Link to={to(`/jobs/${job.id}`)} className="stretched-link hover:text-brand-800">
            {job.title[locale]}
          </Link>
        </h3>
        <p className="text-slate-700">
          {t("jobs.list.companyLocation", { company: job.company, location: placeOf(job) })}
        </p>{" "}
        <VerifiedEmployerBadge verified={job.verifiedEmployer} />{" "}
        <ResponseRate percent={job.responseRate} />{" "}
        <p className="font-semibold text-brand-800">
          <PayText pay={job.pay} />
        </p>{" "}
        <p className="hidden text-slate-700 lg:line-clamp-2">{job.overview[locale]}</p>{" "}
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">
            {t(`jobs.workSettings.${job.workSetting}`)}
          </span>{" "}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">
            {t(`jobs.employmentTypes.${job.employmentType}`)}
          </span>{" "}
          <span>{t("jobs.list.updated", { when: timeAgo(job.updatedAt, now, locale) })}</span>
        </p>
      </div>
    </article>
  );
}
