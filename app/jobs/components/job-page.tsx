import { formatDate } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { descriptionBlocks, placeOf } from "../format.ts";
import type { JobDetail } from "../types.ts";
import { PayText } from "./job-card.tsx";
import { VerifiedEmployerBadge } from "./verified-badge.tsx";

// A posting's page as seekers read it, shared by the public page and its employer's preview.

/**
 * The posting's heading: logo, title, company and place, pay. The preview, inside the employer's
 * pages, heads it one level down.
 */
export function JobHeader({ job, level = 1 }: { job: JobDetail; level?: 1 | 2 }) {
  const t = useT();
  const locale = useLocale();
  const Title = level === 1 ? "h1" : "h2";
  return (
    <header className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start">
      <img src={job.companyLogo} alt="" width="72" height="72" className="size-18 rounded-2xl" />
      <div className="min-w-0 flex-1 break-words">
        <Title className="text-3xl font-bold md:text-4xl">{job.title[locale]}</Title>
        <p className="mt-2 text-lg text-slate-700">
          {t("jobs.list.companyLocation", { company: job.company, location: placeOf(job) })}
        </p>
        <VerifiedEmployerBadge verified={job.verifiedEmployer} />
        <p className="mt-1 text-lg font-semibold text-brand-800">
          <PayText pay={job.pay} />
        </p>
      </div>
    </header>
  );
}

/** The posting's texts and facts; `children` go under the facts (the public page's report link). */
export function JobBody({ job, children }: { job: JobDetail; children?: React.ReactNode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
      <div className="flex flex-col gap-8">
        <section aria-labelledby="overview">
          <h2 id="overview" className="text-2xl font-bold">
            {t("jobs.detail.overview")}
          </h2>
          <p className="mt-3 text-lg text-slate-800">{job.overview[locale]}</p>
        </section>
        <section aria-labelledby="skills">
          <h2 id="skills" className="text-2xl font-bold">
            {t("jobs.detail.skills")}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {job.skills[locale].map((skill) => (
              <li
                key={skill}
                className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-800"
              >
                {skill}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="description">
          <h2 id="description" className="text-2xl font-bold">
            {t("jobs.detail.description")}
          </h2>
          <Description text={job.description[locale]} />
        </section>
        {job.ontario && (
          <section
            aria-labelledby="ontario"
            className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200"
          >
            <h2 id="ontario" className="text-lg font-bold">
              {t("jobs.detail.ontario")}
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
              <li>{t(job.ontario.aiScreening ? "jobs.detail.aiUsed" : "jobs.detail.aiNotUsed")}</li>
              <li>
                {t(
                  job.ontario.existingVacancy
                    ? "jobs.detail.vacancyExists"
                    : "jobs.detail.vacancyNotExists",
                )}
              </li>
            </ul>
          </section>
        )}
      </div>
      <aside aria-label={t("jobs.detail.overview")} className="lg:order-none">
        <Facts job={job} locale={locale} />
        {children}
      </aside>
    </div>
  );
}

function Facts({ job, locale }: { job: JobDetail; locale: Locale }) {
  const t = useT();
  const rows: [string, React.ReactNode][] = [
    [t("jobs.detail.location"), placeOf(job)],
    [t("jobs.detail.workSetting"), t(`jobs.workSettings.${job.workSetting}`)],
    [t("jobs.detail.employerType"), t(`jobs.employerTypes.${job.employerType}`)],
    [t("jobs.detail.employmentType"), t(`jobs.employmentTypes.${job.employmentType}`)],
    [t("jobs.pay.label"), <PayText key="pay" pay={job.pay} />],
  ];
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <dl className="flex flex-col gap-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        {t("jobs.detail.posted", { date: formatDate(job.postedAt, locale) })}
      </p>
      <p className="text-sm text-slate-700">
        {t("jobs.detail.closes", { date: formatDate(job.closesAt, locale) })}
      </p>
    </div>
  );
}

function Description({ text }: { text: string }) {
  return (
    <div className="mt-3 flex flex-col gap-3 text-slate-800">
      {descriptionBlocks(text).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === "heading")
          return (
            <h3 key={key} className="mt-2 text-lg font-semibold text-slate-900">
              {block.text}
            </h3>
          );
        if (block.kind === "list")
          return (
            <ul key={key} className="list-disc space-y-1 pl-5">
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        return <p key={key}>{block.text}</p>;
      })}
    </div>
  );
}
