import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { getBusiness } from "../../directory/businesses.server.ts";
import { findReportTarget, REPORT_LIMIT, reportItem } from "../../directory/community.server.ts";
import { reportSchema, reportTargetOf } from "../../directory/community.ts";
import { REPORT_REASONS } from "../../directory/community-fields.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormProblem, formAction, retryAfterHeaders } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { ReasonChoice } from "../../ui/reason-choice.tsx";
import type { Route } from "./+types/report";

const REPORT_FIELDS = ["reason", "details"] as const;

/** The review, question or answer the address names, on this business; else a 404. */
async function targetOf(
  request: Request,
  params: Route.LoaderArgs["params"],
  db: Parameters<typeof getBusiness>[0],
) {
  const businessId = parseBusinessId(params.id);
  const named = reportTargetOf(new URL(request.url).searchParams);
  if (!businessId || !named) return null;
  const found = await findReportTarget(db, named.target, named.id);
  if (!found || found.businessId !== businessId) return null;
  return { ...named, ...found };
}

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const target = await targetOf(request, params, db);
  const business = target ? await getBusiness(db, target.businessId) : null;
  if (!target || !business) throw data(null, { status: 404 });
  return {
    business: { id: business.id, name: business.name },
    target,
    messages: pageMessages(request, "directory"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const action = formAction(async ({ request, params, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const target = await targetOf(request, params, db);
  if (!target) throw new AppError("not_found");
  const report = await readInput(request, reportSchema);
  await takeAttempt(db, REPORT_LIMIT, viewer.id);
  await reportItem(db, viewer.id, target.target, target.id, report);
  const locale = localeFromPath(new URL(request.url).pathname);
  return redirect(`${localizedPath(`/businesses/${target.businessId}`, locale)}?notice=reported`);
});

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { business, target } = loaderData;
  const { form, field, message, alert } = useFormProblem(
    (actionData as { problem?: FormProblem } | undefined)?.problem,
    "report-problem",
    REPORT_FIELDS,
  );
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <title>{t("community.reportPage.metaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("community.reportPage.heading")}</h1>
      <p className="mt-2 text-slate-700">
        {t("community.reportPage.intro", { name: business.name })}
      </p>
      <figure className="mt-4 rounded-xl bg-slate-50 p-4">
        <figcaption className="text-sm font-medium text-slate-700">
          {t("community.reportPage.quoted")}
        </figcaption>
        <blockquote lang={target.locale} className="mt-1 whitespace-pre-line break-words">
          {target.text}
        </blockquote>
      </figure>
      <Form method="post" className="mt-6 flex flex-col gap-5" ref={form}>
        {alert}
        <ReasonChoice
          legend={t("community.reportPage.reason")}
          reasons={REPORT_REASONS}
          labelOf={(reason) => t(`community.reportPage.reasons.${reason}`)}
          marks={field("reason")}
          problem={message("reason")}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="details" className="font-semibold">
            {t("community.reportPage.details")}
          </label>
          <textarea
            id="details"
            name="details"
            rows={4}
            maxLength={1000}
            className="w-full rounded-lg border border-slate-400 px-3 py-2 aria-invalid:border-red-700"
            {...field("details")}
          />
          {message("details")}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" disabled={busy} className={primaryButton}>
            {t("community.reportPage.submit")}
          </button>
          <Link to={to(`/businesses/${business.id}`)} className="text-brand-700 underline">
            {t("community.reportPage.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
