import { Form } from "react-router";
import { z } from "zod";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { JobBody, JobHeader } from "../../jobs/components/job-page.tsx";
import { getJob } from "../../jobs/jobs.server.ts";
import { decideHeldPosting } from "../../jobs/staff.server.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { rowIdOrNotFound } from "../../platform/query.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { DecisionFrame } from "../../staff/components/decision-page.tsx";
import { staffWrite } from "../../staff/write.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import type { Route } from "./+types/posting";

/** A posting held because its employer is not verified yet (issue 27): publish, or send back. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  return {
    posting: await getJob(context.get(databaseContext), rowIdOrNotFound(params.id), new Date(), {
      unpublished: true,
    }),
    messages: pageMessages(request, "staff", "jobs"),
  };
}

const decisionSchema = z.object({ intent: z.enum(["approve", "reject"], "errors.unknown_intent") });

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const { intent } = await readInput(request, decisionSchema);
  const { status } = await staffWrite(context.get(databaseContext), staff, "moderator", (tx) =>
    decideHeldPosting(tx, rowIdOrNotFound(params.id), intent === "approve" ? "published" : "draft"),
  );
  return { done: status };
});

export default function StaffPosting({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { posting } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const heading = t("staff.postings.heading", { title: posting.title[locale] });
  return (
    <DecisionFrame
      title={heading}
      back={{ href: to("/staff"), label: t("staff.postings.back") }}
      heading={heading}
      done={result?.done && t(`staff.postings.done.${result.done}`)}
    >
      {result?.problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 font-medium text-red-800">
          {t(result.problem.message, result.problem.values)}
        </p>
      )}
      {!result?.done && (
        <Form
          method="post"
          className="mt-4 flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200"
        >
          <p>{t("staff.postings.explain")}</p>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="approve" className={primaryButton}>
              {t("staff.postings.approve")}
            </button>
            <button type="submit" name="intent" value="reject" className={secondaryButton}>
              {t("staff.postings.reject")}
            </button>
          </div>
        </Form>
      )}
      <div className="mt-6 rounded-xl p-4 ring-1 ring-slate-200">
        <JobHeader job={posting} level={2} />
        <JobBody job={posting} />
      </div>
    </DecisionFrame>
  );
}
