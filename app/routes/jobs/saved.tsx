import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { requireViewer } from "../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { PayText } from "../../jobs/components/job-card.tsx";
import { placeOf, timeAgo } from "../../jobs/format.ts";
import { listSavedJobs, unsaveJob } from "../../jobs/saved.server.ts";
import { formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import type { Route } from "./+types/saved";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const now = new Date();
  return {
    jobs: await listSavedJobs(context.get(databaseContext), viewer.id, now),
    now: now.toISOString(),
    messages: pageMessages(request, "jobs"),
  };
}

const removeSchema = z.object({
  jobId: z.coerce
    .number("errors.invalid_value")
    .int("errors.invalid_value")
    .positive("errors.invalid_value"),
});

export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const { jobId } = await readInput(request, removeSchema);
  await unsaveJob(context.get(databaseContext), viewer.id, jobId);
  return redirect(localizedPath("/jobs/saved", localeFromPath(new URL(request.url).pathname)));
});

export default function SavedJobs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { jobs, now } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <title>{t("jobs.saved.metaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("jobs.saved.heading")}</h1>
      {jobs.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-slate-50 p-8 text-center">
          <p className="text-lg font-semibold">{t("jobs.saved.empty")}</p>
          <ButtonLink to={to("/jobs")} className="mt-6">
            {t("jobs.saved.browse")}
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {jobs.map((job) => (
            <li
              key={job.id}
              className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center"
            >
              <img
                src={job.companyLogo}
                alt=""
                width="48"
                height="48"
                className="size-12 rounded-xl"
              />
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-semibold">
                  <Link to={to(`/jobs/${job.id}`)} className="hover:text-brand-800 hover:underline">
                    {job.title[locale]}
                  </Link>
                </h2>
                <p className="text-slate-700">
                  {t("jobs.list.companyLocation", { company: job.company, location: placeOf(job) })}
                </p>{" "}
                <p className="font-semibold text-brand-800">
                  <PayText pay={job.pay} />
                </p>{" "}
                <p className="text-sm text-slate-600">
                  {job.open
                    ? t("jobs.saved.savedWhen", { when: timeAgo(job.savedAt, now, locale) })
                    : t("jobs.saved.closed")}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="jobId" value={job.id} />
                <button
                  type="submit"
                  aria-label={t("jobs.saved.removeJob", { title: job.title[locale] })}
                  className="rounded-lg px-4 py-2 font-semibold ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  {t("jobs.saved.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
