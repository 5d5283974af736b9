import { pageMessagesWithScripts } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { JobBody, JobHeader } from "../../jobs/components/job-page.tsx";
import { postingDecisionSchema } from "../../jobs/employer-profile.ts";
import { getJob } from "../../jobs/jobs.server.ts";
import { decideHeldPosting } from "../../jobs/staff.server.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { rowIdOrNotFound } from "../../platform/query.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { DecisionForm, DecisionFrame } from "../../staff/components/decision-page.tsx";
import { staffWrite } from "../../staff/write.server.ts";
import { useFormProblem } from "../../ui/form-problem.tsx";
import type { Route } from "./+types/posting";

/**
 * A posting held because its employer is not verified yet (issue 27): publish it, or send it back
 * to the employer's drafts with a reason its members read.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  return {
    posting: await getJob(context.get(databaseContext), rowIdOrNotFound(params.id), new Date(), {
      unpublished: true,
    }),
    messages: pageMessagesWithScripts({ request, context }, "jobs"),
  };
}

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const form = await readInput(request, postingDecisionSchema);
  const { status } = await staffWrite(context.get(databaseContext), staff, "moderator", (tx) =>
    decideHeldPosting(
      tx,
      rowIdOrNotFound(params.id),
      form.intent === "approve" ? { to: "published" } : { to: "draft", reason: form.reason },
      { baseUrl: context.get(baseUrlContext) },
    ),
  );
  return { done: status };
});

export default function StaffPosting({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { posting } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "posting-problem", ["reason"]);
  const heading = t("staff.postings.heading", { title: posting.title[locale] });
  return (
    <DecisionFrame
      title={heading}
      back={{ href: to("/staff"), label: t("staff.postings.back") }}
      heading={heading}
      done={result?.done && t(`staff.postings.done.${result.done}`)}
    >
      {!result?.done && (
        <>
          <p className="mt-4">{t("staff.postings.explain")}</p>
          <DecisionForm
            problem={problem}
            choices={[
              {
                intent: "approve",
                heading: t("staff.postings.approve.heading"),
                explain: t("staff.postings.approve.explain"),
                submit: t("staff.postings.approve.submit"),
              },
              {
                intent: "reject",
                heading: t("staff.postings.reject.heading"),
                text: {
                  id: "posting-reason",
                  name: "reason",
                  label: t("staff.postings.reject.reason"),
                },
                submit: t("staff.postings.reject.submit"),
              },
            ]}
          />
        </>
      )}
      <div className="mt-6 rounded-xl p-4 ring-1 ring-slate-200">
        <JobHeader job={posting} level={2} />
        <JobBody job={posting} />
      </div>
    </DecisionFrame>
  );
}
