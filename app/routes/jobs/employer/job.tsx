import { Form, Link, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { JobBody, JobHeader } from "../../../jobs/components/job-page.tsx";
import { PostingForm, postingFormValues } from "../../../jobs/components/posting-form.tsx";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { applicationCount } from "../../../jobs/inbox.server.ts";
import { getJob } from "../../../jobs/jobs.server.ts";
import { postingFormSchema, repostSchema } from "../../../jobs/posting-schema.ts";
import { POSTING_MOVES } from "../../../jobs/posting-status.ts";
import {
  closePosting,
  employerPosting,
  publishPosting,
  updatePosting,
} from "../../../jobs/postings.server.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  sentTextFields,
} from "../../../platform/api.ts";
import { databaseContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";
import { canMove } from "../../../platform/state-machine.ts";
import { primaryButton, secondaryButton } from "../../../ui/button-link.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import type { Route } from "./+types/job";
import { employerActorOf } from "./actor.server.ts";

/** One of the employer's postings: its status and moves, its preview, and its form. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const actor = await employerActorOf({ request, params, context });
  const posting = await employerPosting(db, actor.employerId, rowIdOrNotFound(params.jobId));
  return {
    employerId: actor.employerId,
    posting,
    preview: await getJob(db, posting.id, new Date(), { unpublished: true }),
    applications: await applicationCount(db, posting.id),
    messages: pageMessages(request, "jobs"),
  };
}

const intentSchema = z.object({
  intent: z.enum(["save", "publish", "close", "repost"], "errors.unknown_intent"),
});

/** The posting's actions, each one employer write; the page comes back with what happened. */
export const action = formAction(async ({ request, params, context }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const actor = await employerActorOf({ request, params, context });
  const jobId = rowIdOrNotFound(params.jobId);
  const raw = await readRaw(request);
  const { intent } = await validate(intentSchema.loose(), raw);
  try {
    const status =
      intent === "save"
        ? await updatePosting(db, actor, jobId, await validate(postingFormSchema, raw))
        : intent === "publish"
          ? await publishPosting(db, actor, jobId)
          : intent === "close"
            ? await closePosting(db, actor, jobId)
            : await publishPosting(
                db,
                actor,
                jobId,
                new Date(),
                (await validate(repostSchema.loose(), raw)).closesOn,
              );
    const locale = localeFromPath(new URL(request.url).pathname);
    const done = intent === "save" ? "saved" : `moved=${status}`;
    return redirect(
      `${localizedPath(employerHref(actor.employerId, `jobs/${jobId}`), locale)}?${done}`,
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, {
      intent,
      values: sentTextFields(raw),
      problems: error.options.problems ?? [],
    });
  }
});

export default function EmployerPosting({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const { employerId, posting, preview, applications } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const moved = params.get("moved");
  const notice = params.has("saved")
    ? t("employer.jobs.saved")
    : moved && moved in POSTING_MOVES
      ? t(`employer.jobs.moved.${moved as keyof typeof POSTING_MOVES}`)
      : null;
  const formResult = result?.intent === "save" ? result : undefined;
  const moveProblem = result && result.intent !== "save" ? result.problem : undefined;
  const can = (to: "published" | "held" | "closed") => canMove(POSTING_MOVES, posting.status, to);
  return (
    <section aria-labelledby="posting-heading" className="flex flex-col gap-6">
      <title>{t("employer.jobs.editHeading", { title: posting.fields.title[locale] })}</title>
      <h2 id="posting-heading" className="text-xl font-bold">
        {t("employer.jobs.editHeading", { title: posting.fields.title[locale] })}
      </h2>
      {notice && (
        <p role="status" className="rounded-lg bg-brand-50 p-4 font-medium text-brand-900">
          {notice}
        </p>
      )}
      <div className="rounded-xl p-4 ring-1 ring-slate-200">
        <p className="font-semibold">{t(`employer.jobs.status.${posting.status}`)}</p>
        <p className="mt-1 text-slate-700">{t(`employer.jobs.statusNote.${posting.status}`)}</p>
        {posting.sentBackReason && (
          <div className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900">
            <p className="font-medium">{t("employer.jobs.sentBack")}</p>
            <p className="mt-1 whitespace-pre-line break-words">{posting.sentBackReason}</p>
          </div>
        )}
        {moveProblem && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {t(moveProblem.message, moveProblem.values)}
          </p>
        )}
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <Link
            to={to(employerHref(employerId, `jobs/${posting.id}/applications`))}
            className={secondaryButton}
          >
            {t("employer.inbox.link", { count: applications })}
          </Link>
          {posting.status === "draft" && (
            <Form method="post">
              <input type="hidden" name="intent" value="publish" />
              <button type="submit" className={primaryButton}>
                {t("employer.jobs.actions.publish")}
              </button>
            </Form>
          )}
          {posting.status === "published" && (
            <>
              <Link to={to(`/jobs/${posting.id}`)} className={secondaryButton}>
                {t("employer.jobs.viewPublic")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="close" />
                <button type="submit" className={secondaryButton}>
                  {t("employer.jobs.actions.close")}
                </button>
              </Form>
            </>
          )}
          {posting.status === "closed" && (can("published") || can("held")) && (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="repost" />
              <TextField
                id="repost-closes-on"
                name="closesOn"
                type="date"
                required
                label={t("employer.jobs.actions.repostHeading")}
              />
              <button type="submit" className={primaryButton}>
                {t("employer.jobs.actions.repost")}
              </button>
            </Form>
          )}
        </div>
      </div>
      <section
        aria-labelledby="preview-heading"
        className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      >
        <h3 id="preview-heading" className="text-lg font-semibold">
          {t("employer.jobs.preview")}
        </h3>
        <div className="mt-2 rounded-xl bg-white p-4">
          <JobHeader job={preview} level={2} />
          <JobBody job={preview} />
        </div>
      </section>
      {posting.status !== "closed" && (
        <PostingForm
          values={formResult?.values ?? postingFormValues(posting.fields)}
          problem={formResult?.problem}
          problems={formResult?.problems}
        />
      )}
      <p>
        <Link to={to(employerHref(employerId, "jobs"))} className="text-brand-700 underline">
          {t("employer.jobs.heading")}
        </Link>
      </p>
    </section>
  );
}
