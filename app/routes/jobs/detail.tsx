import { useEffect, useRef } from "react";
import { Form, Link, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { getViewer } from "../../auth/session.server.ts";
import { formatDate } from "../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { appliedOn } from "../../jobs/applications.server.ts";
import { ApplyForm } from "../../jobs/components/apply-form.tsx";
import { useCloseOnBackdrop } from "../../jobs/components/close-on-backdrop.ts";
import { FraudPolicyLink } from "../../jobs/components/fraud-policy-link.tsx";
import { JobBody, JobHeader } from "../../jobs/components/job-page.tsx";
import { ResponseRate } from "../../jobs/components/verified-badge.tsx";
import { placeOf } from "../../jobs/format.ts";
import { postingResponseRate } from "../../jobs/inbox.server.ts";
import { getJob } from "../../jobs/jobs.server.ts";
import { jobPostingJsonLd } from "../../jobs/json-ld.ts";
import { searchQuery } from "../../jobs/links.ts";
import { isJobSaved, saveJob, unsaveJob } from "../../jobs/saved.server.ts";
import { parseJobId } from "../../jobs/search.ts";
import type { JobDetail } from "../../jobs/types.ts";
import { formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import {
  saveConfirmation,
  savedHeaders,
  signInToSave,
} from "../../platform/pending-save.server.ts";
import { scriptJson } from "../../platform/text.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import { ConfirmSave } from "../../ui/confirm-save.tsx";
import { Icon } from "../../ui/icons.tsx";
import type { Route } from "./+types/detail";

/** Notices this page shows once, from its address. */
const NOTICES = ["applied", "saved", "unsaved", "reported"] as const;

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const job = await getJob(db, id);
  const viewer = await getViewer(request, context);
  const [saved, appliedAt] = viewer
    ? await Promise.all([isJobSaved(db, viewer.id, job.id), appliedOn(db, job.id, viewer)])
    : [false, null];
  return {
    job,
    origin: url.origin,
    saved,
    // Back from logging in after Save: ask to confirm.
    confirmSave: saveConfirmation(request, url, "job", job.id, {
      signedIn: viewer !== null,
      saved,
    }),
    appliedAt,
    responseRate: await postingResponseRate(db, job.id),
    viewer: viewer && { fullName: viewer.name, email: viewer.email },
    messages: pageMessages(request, "jobs"),
  };
}

const saveSchema = z.object({ intent: z.enum(["save", "unsave"], "errors.unknown_intent") });

/**
 * Save and Remove: for players; a visitor is sent to log in and comes back to a confirmation
 * (decision 0021). The answer clears a visitor's Save once it is done.
 */
export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  const locale = localeFromPath(new URL(request.url).pathname);
  const here = localizedPath(`/jobs/${id}`, locale);
  const { intent } = await readInput(request, saveSchema);
  const viewer = await getViewer(request, context);
  if (!viewer) {
    if (intent === "unsave") throw new AppError("unauthorized");
    throw signInToSave(request, "job", id, here, locale);
  }
  const db = context.get(databaseContext);
  if (intent === "save") await saveJob(db, viewer.id, id);
  else await unsaveJob(db, viewer.id, id);
  return redirect(`${here}?${intent === "save" ? "saved" : "unsaved"}`, {
    headers: savedHeaders(request, "job"),
  });
});

export default function JobPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const { job, origin, saved, confirmSave, appliedAt, responseRate, viewer } = loaderData;
  const notice = NOTICES.find((name) => params.has(name));
  const alertQuery = searchQuery({ keywords: job.title[locale], location: job.city });

  return (
    <article className="mx-auto max-w-6xl px-4 py-8">
      {confirmSave.confirm && (
        <ConfirmSave
          question={t("jobs.detail.confirmSave", { title: job.title[locale] })}
          submitLabel={t("jobs.detail.save")}
          auto={confirmSave.auto}
        />
      )}
      <title>{t("jobs.detail.metaTitle", { title: job.title[locale] })}</title>
      <meta name="description" content={job.overview[locale]} />
      {job.open && (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (scriptJson).
          dangerouslySetInnerHTML={{ __html: scriptJson(jobPostingJsonLd(job, locale, origin)) }}
        />
      )}
      <Link
        to={to("/jobs")}
        className="inline-flex items-center gap-1 text-brand-700 hover:underline"
      >
        <Icon name="arrowLeft" className="size-4" />
        {t("jobs.detail.back")}
      </Link>
      {notice && (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-4 font-medium text-brand-900">
          {notice === "applied" && t("jobs.detail.applied")}
          {notice === "reported" && t("jobs.detail.reported")}
          {notice === "unsaved" && t("jobs.detail.unsavedNotice")}
          {notice === "saved" && (
            <>
              {t("jobs.detail.savedNotice")}{" "}
              <Link to={to("/jobs/saved")} className="underline">
                {t("jobs.detail.seeSaved")}
              </Link>
            </>
          )}
        </p>
      )}
      <JobHeader job={job} />
      <ResponseRate percent={responseRate} className="mt-2" />
      {!job.open && (
        <p
          role="status"
          className="mt-6 rounded-lg bg-amber-50 p-4 font-semibold text-amber-900 ring-1 ring-amber-200"
        >
          {t("jobs.detail.closed")}
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {appliedAt ? (
          <p className="rounded-lg bg-green-50 px-5 py-3 font-semibold text-green-900 ring-1 ring-green-200">
            {t("jobs.detail.appliedOn", { date: formatDate(appliedAt, locale) })}
          </p>
        ) : (
          job.open && <ApplyButton job={job} defaults={viewer ?? { fullName: "", email: "" }} />
        )}
        <SaveButton saved={saved} />
        <Link
          to={to(`/jobs/alerts/new?${alertQuery}`)}
          className="rounded-lg px-5 py-3 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
        >
          {t("jobs.detail.createAlert")}
        </Link>
      </div>
      <JobBody job={job}>
        <p className="mt-6">
          <Link to={to(`/jobs/${job.id}/report`)} className="text-slate-700 underline">
            {t("jobs.detail.report")}
          </Link>
        </p>
        <FraudPolicyLink />
      </JobBody>
    </article>
  );
}

function SaveButton({ saved }: { saved: boolean }) {
  const t = useT();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
      <button
        type="submit"
        className="inline-flex items-center rounded-lg px-5 py-3 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
      >
        {saved ? t("jobs.detail.unsave") : t("jobs.detail.save")}
      </button>
    </Form>
  );
}

/**
 * Apply Now: a link to /jobs/{id}/apply, which works without JavaScript; with it, the same form
 * in a modal dialog of medium width. The dialog closes on Cancel, on the backdrop and once the
 * application is sent (the action sends the page to ?applied); the focus goes back to the button.
 */
function ApplyButton({
  job,
  defaults,
}: {
  job: JobDetail;
  defaults: { fullName: string; email: string };
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const dialog = useRef<HTMLDialogElement>(null);
  const applied = params.has("applied");
  useCloseOnBackdrop(dialog);

  useEffect(() => {
    if (applied) dialog.current?.close();
  }, [applied]);

  const href = to(`/jobs/${job.id}/apply`);
  return (
    <>
      <ButtonLink
        to={href}
        onClick={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        {t("jobs.detail.applyNow")}
      </ButtonLink>
      <dialog
        ref={dialog}
        aria-labelledby="apply-title"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100%-2rem))] overflow-y-auto rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="apply-title" className="text-2xl font-bold">
          {t("jobs.apply.heading", { title: job.title[locale] })}
        </h2>
        <p className="mt-1 text-slate-700">
          {t("jobs.apply.at", { company: job.company, location: placeOf(job) })}
        </p>
        <ApplyForm
          action={href}
          defaults={defaults}
          questions={job.questions}
          inDialog
          onCancel={() => dialog.current?.close()}
        />
      </dialog>
    </>
  );
}
