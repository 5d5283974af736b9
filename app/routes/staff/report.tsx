import { Form, redirect, useNavigation } from "react-router";
import { formatDate } from "../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { formAction } from "../../platform/api.ts";
import {
  baseUrlContext,
  databaseContext,
  moderationReplyToContext,
} from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { HIDE_NOTE_MAX, HIDE_REASONS, MODERATION_MOVES } from "../../platform/moderation.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { moderationFormSchema, reportedItemParams } from "../../staff/report-form.ts";
import { moderate, reportedThing, reportReasonLabel } from "../../staff/reports.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { ReasonChoice } from "../../ui/reason-choice.tsx";
import type { Route } from "./+types/report";

const HIDE_FIELDS = ["reason", "note"] as const;
const DONE = ["hidden", "restored", "dismissed"] as const;

/** The item the address names; an unknown kind or id is the site's 404. */
function itemOf(params: Route.LoaderArgs["params"]) {
  const parsed = reportedItemParams.safeParse(params);
  if (!parsed.success) throw new AppError("not_found");
  return parsed.data;
}

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  // Every console loader checks for itself: a child's loader runs beside the layout's, not after.
  await requireStaff({ request, context });
  const { kind, id } = itemOf(params);
  const locale = localeFromPath(url.pathname);
  const found = await reportedThing(context.get(databaseContext), locale, kind, id);
  if (!found) throw new AppError("not_found");
  const done = DONE.find((state) => state === url.searchParams.get("done")) ?? null;
  return {
    kind,
    thing: found.thing,
    state: found.state,
    hidden: found.hidden,
    moves: MODERATION_MOVES[found.state],
    reports: found.reports.map((report) => ({
      id: report.id,
      reason: reportReasonLabel(locale, kind, report.reason),
      details: report.details,
      at: report.at.toISOString(),
      reporter: report.reporter,
      resolution: report.resolution,
    })),
    done,
  };
}

export const action = formAction(async ({ request, params, context, url }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const { kind, id } = itemOf(params);
  const form = await readInput(request, moderationFormSchema);
  const move =
    form.intent === "hide"
      ? { to: "hidden" as const, reason: form.reason, note: form.note || null }
      : { to: form.intent === "restore" ? ("restored" as const) : ("dismissed" as const) };
  const state = await moderate(context.get(databaseContext), staff, kind, id, move, {
    replyTo: context.get(moderationReplyToContext),
    baseUrl: context.get(baseUrlContext),
  });
  const locale = localeFromPath(url.pathname);
  return redirect(`${localizedPath(`/staff/reports/${kind}/${id}`, locale)}?done=${state}`);
});

export default function StaffReport({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { thing, state, hidden, moves, reports, done, kind } = loaderData;
  const { form, field, message, alert } = useFormProblem(
    actionData?.problem,
    "moderation-problem",
    HIDE_FIELDS,
  );
  const secondary =
    "rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-70";
  return (
    <div className="flex flex-col gap-6">
      <title>{t("staff.reports.item.metaTitle", { title: thing.title })}</title>
      <p>
        <PageLink to={to("/staff/reports")} className="text-brand-800 underline">
          {t("staff.reports.heading")}
        </PageLink>
      </p>
      <h1 className="text-2xl font-bold break-words">{thing.title}</h1>
      {done && (
        <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {t(`staff.reports.item.done.${done}`)}
        </p>
      )}
      {alert}
      <section aria-labelledby="the-item" className="flex flex-col gap-2">
        <h2 id="the-item" className="text-xl font-bold">
          {t("staff.reports.item.text")}
        </h2>
        <blockquote className="rounded-xl bg-slate-50 p-4 whitespace-pre-line break-words">
          {thing.text}
        </blockquote>
        {thing.author && (
          <p>
            {t("staff.reports.item.author")} {thing.author}
          </p>
        )}
        {thing.rating !== null && <p>{t("staff.reports.item.rating", { rating: thing.rating })}</p>}
        <p>
          {t("staff.reports.item.state", { state: t(`staff.reports.item.states.${state}`) })}
          {hidden &&
            ` · ${t("staff.reports.item.hiddenBecause", {
              reason: hidden.note
                ? `${t(`moderation.reasons.${hidden.reason}`)} (${hidden.note})`
                : t(`moderation.reasons.${hidden.reason}`),
            })}`}
        </p>
        <p>
          <PageLink to={to(thing.href)} className="text-brand-800 underline">
            {t("staff.reports.item.view")}
          </PageLink>
        </p>
      </section>

      <section aria-labelledby="the-reports">
        <h2 id="the-reports" className="text-xl font-bold">
          {t("staff.reports.item.reportsHeading")}
        </h2>
        {reports.length === 0 ? (
          <p className="mt-2">{t("staff.reports.item.noReports")}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2">
            {reports.map((report) => (
              <li key={report.id} className="rounded-lg p-3 ring-1 ring-slate-300">
                <p className="font-semibold">
                  {t("staff.reports.item.reportLine", {
                    reason: report.reason,
                    date: formatDate(report.at, locale),
                  })}
                </p>
                {report.details && (
                  <p className="whitespace-pre-line break-words">{report.details}</p>
                )}
                <p className="text-sm text-slate-700">
                  {t("staff.reports.item.reporter", {
                    handle:
                      report.reporter ??
                      t(
                        kind === "business" || kind === "job"
                          ? "staff.reports.item.visitor"
                          : "staff.reports.item.player",
                      ),
                  })}
                  {report.resolution &&
                    ` · ${t(`staff.reports.item.resolved.${report.resolution}`)}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {moves.includes("hidden") && (
        <section aria-labelledby="hide-it">
          <h2 id="hide-it" className="text-xl font-bold">
            {t("staff.reports.item.hideHeading")}
          </h2>
          <Form method="post" ref={form} className="mt-3 flex flex-col gap-4">
            <input type="hidden" name="intent" value="hide" />
            <ReasonChoice
              legend={t("staff.reports.item.hideReason")}
              reasons={HIDE_REASONS}
              labelOf={(reason) => t(`moderation.reasons.${reason}`)}
              marks={field("reason")}
              problem={message("reason")}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="note" className="font-semibold">
                {t("staff.reports.item.note")}
              </label>
              <textarea
                id="note"
                name="note"
                rows={3}
                maxLength={HIDE_NOTE_MAX}
                className="w-full rounded-lg border border-slate-400 px-3 py-2 aria-invalid:border-red-700"
                {...field("note")}
              />
              {message("note")}
            </div>
            <p>
              <button type="submit" disabled={busy} className={primaryButton}>
                {t("staff.reports.item.hide")}
              </button>
            </p>
          </Form>
        </section>
      )}
      {(moves.includes("restored") || moves.includes("dismissed")) && (
        <Form method="post" className="flex flex-wrap gap-3">
          {moves.includes("restored") && (
            <button
              type="submit"
              name="intent"
              value="restore"
              disabled={busy}
              className={secondary}
            >
              {t("staff.reports.item.restore")}
            </button>
          )}
          {moves.includes("dismissed") && (
            <button
              type="submit"
              name="intent"
              value="dismiss"
              disabled={busy}
              className={secondary}
            >
              {t("staff.reports.item.dismiss")}
            </button>
          )}
        </Form>
      )}
    </div>
  );
}
