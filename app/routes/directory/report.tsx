import { Form, Link, redirect, useNavigation } from "react-router";
import { getViewer, requireViewer } from "../../auth/session.server.ts";
import { getBusiness } from "../../directory/businesses.server.ts";
import { getReportTarget, reportBusiness, reportItem } from "../../directory/community.server.ts";
import { reportSchema, reportTargetOf } from "../../directory/community.ts";
import { REPORT_REASONS } from "../../directory/community-fields.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
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

/**
 * What the address reports: a review, question, answer or owner's reply on this business
 * (`?review=12`, `?reply=3`), or the business itself when it names none; `not_found` for anything
 * else.
 */
async function subjectOf(
  request: Request,
  params: Route.LoaderArgs["params"],
  db: Parameters<typeof getBusiness>[0],
) {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const named = reportTargetOf(new URL(request.url).searchParams);
  if (!named) return { businessId, item: null };
  const found = await getReportTarget(db, named.target, named.id);
  if (found.businessId !== businessId) throw new AppError("not_found");
  return { businessId, item: { ...named, ...found } };
}

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const subject = await subjectOf(request, params, db);
  // What players wrote is reported by players; the business itself by anyone, as a job is.
  if (subject.item) await requireViewer({ request, context, url });
  const business = await getBusiness(db, subject.businessId);
  return {
    business: { id: business.id, name: business.name },
    item: subject.item,
    messages: pageMessages(request, "directory", "businessPage"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const action = formAction(async ({ request, params, context, url }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const subject = await subjectOf(request, params, db);
  const { businessId, item } = subject;
  if (item) {
    const viewer = await requireViewer({ request, context, url });
    await takeAttempt(db, "directory-report", viewer.id);
    const report = await readInput(request, reportSchema);
    await reportItem(db, viewer.id, item.target, item.id, report);
  } else {
    const viewer = await getViewer(request, context);
    const clientAddress = request.headers.get(CLIENT_IP_HEADER);
    await takeAttempt(db, "directory-report", viewer?.id ?? clientAddress);
    const report = await readInput(request, reportSchema);
    await reportBusiness(db, businessId, report, { userId: viewer?.id ?? null, clientAddress });
  }
  const locale = localeFromPath(new URL(request.url).pathname);
  return redirect(`${localizedPath(`/businesses/${businessId}`, locale)}?notice=reported`);
});

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { business, item } = loaderData;
  const { form, field, message, alert } = useFormProblem(
    actionData?.problem,
    "report-problem",
    REPORT_FIELDS,
  );
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <title>{t("community.reportPage.metaTitle")}</title>
      <h1 className="text-3xl font-bold">
        {t(item ? "community.reportPage.heading" : "community.reportPage.businessHeading")}
      </h1>
      <p className="mt-2 text-slate-700">
        {t(item ? "community.reportPage.intro" : "community.reportPage.businessIntro", {
          name: business.name,
        })}
      </p>
      {item && (
        <figure className="mt-4 rounded-xl bg-slate-50 p-4">
          <figcaption className="text-sm font-medium text-slate-700">
            {t("community.reportPage.quoted")}
          </figcaption>
          <blockquote lang={item.locale} className="mt-1 whitespace-pre-line break-words">
            {item.text}
          </blockquote>
        </figure>
      )}
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
