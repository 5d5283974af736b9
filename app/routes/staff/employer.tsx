import { formatDate } from "../../i18n/format.ts";

import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { employerDecisionSchema } from "../../jobs/employer-profile.ts";
import { decideEmployer, employerForStaff } from "../../jobs/staff.server.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { DecisionPage } from "../../staff/components/decision-page.tsx";
import { staffIdOf } from "../../staff/ids.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { useFormProblem } from "../../ui/form-problem.tsx";
import type { Route } from "./+types/employer";

/** An employer profile waiting on staff (issue 27): verify it (the badge) or reject it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const employer = await employerForStaff(context.get(databaseContext), staffIdOf(params.id));
  return {
    employer: {
      ...employer,
      createdAt: employer.createdAt.toISOString(),
      verifiedAt: employer.verifiedAt?.toISOString() ?? null,
      rejectedAt: employer.rejectedAt?.toISOString() ?? null,
    },
  };
}

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const form = await readInput(request, employerDecisionSchema);
  const { status } = await staffWrite(context.get(databaseContext), staff, "moderator", (tx) =>
    decideEmployer(
      tx,
      staffIdOf(params.id),
      form.intent === "verify" ? { to: "verified" } : { to: "rejected", reason: form.reason },
      { baseUrl: context.get(baseUrlContext) },
    ),
  );
  return { done: status };
});

export default function StaffEmployer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { employer } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "employer-problem", ["reason"]);
  const none = t("staff.employers.none");
  const fields: [label: string, value: React.ReactNode][] = [
    [t("staff.employers.fields.name"), employer.name],
    [
      t("staff.employers.fields.logo"),
      employer.logo ? (
        <img
          key="logo"
          src={employer.logo}
          alt=""
          width="96"
          height="96"
          className="size-24 rounded-lg object-contain ring-1 ring-slate-200"
        />
      ) : (
        none
      ),
    ],
    [
      t("staff.employers.fields.website"),
      employer.website ? (
        // The host alone, as the directory shows a website: the address itself is the link.
        <a key="website" href={employer.website} rel="noopener noreferrer" className="underline">
          {URL.parse(employer.website)?.hostname ?? employer.website}
        </a>
      ) : (
        none
      ),
    ],
    [t("staff.employers.fields.descriptionEn"), employer.description["en-CA"] ?? none],
    [t("staff.employers.fields.descriptionFr"), employer.description["fr-CA"] ?? none],
    [t("staff.employers.fields.province"), t(`provinces.${employer.province as "ON"}`)],
    [t("staff.employers.fields.contactEmail"), employer.contactEmail],
    [
      t("staff.employers.fields.members"),
      employer.members.map((member) => member.name).join(", ") || none,
    ],
    [t("staff.employers.fields.status"), t(`staff.employers.status.${employer.status}`)],
    [t("staff.employers.fields.created"), formatDate(employer.createdAt, locale)],
  ];
  if (employer.rejectionReason)
    fields.push([t("staff.employers.fields.reason"), employer.rejectionReason]);
  return (
    <DecisionPage
      title={t("staff.employers.detailTitle", { id: employer.id })}
      back={{ href: to("/staff"), label: t("staff.employers.back") }}
      heading={t("staff.employers.detailHeading", { id: employer.id, name: employer.name })}
      done={result?.done && t(`staff.employers.done.${result.done}`)}
      fields={fields}
      waiting={employer.status === "waiting"}
      problem={problem}
      choices={[
        {
          intent: "verify",
          heading: t("staff.employers.verify.heading"),
          explain: t("staff.employers.verify.explain"),
          submit: t("staff.employers.verify.submit"),
        },
        {
          intent: "reject",
          heading: t("staff.employers.reject.heading"),
          text: {
            id: "employer-reason",
            name: "reason",
            label: t("staff.employers.reject.reason"),
          },
          submit: t("staff.employers.reject.submit"),
        },
      ]}
    />
  );
}
