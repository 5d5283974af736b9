import { CLAIM_DOCUMENT_FOLDER } from "../../directory/claims.server.ts";
import { claimDecisionSchema } from "../../directory/claims.ts";
import { claimForStaff, decideClaim } from "../../directory/staff.server.ts";
import { formatDate } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { baseUrlContext, databaseContext, storageContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { DecisionPage } from "../../staff/components/decision-page.tsx";
import { staffIdOf } from "../../staff/ids.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import type { Route } from "./+types/claim";

/** A listing claim waiting on staff (issue 26): approve (the claimant becomes an owner) or reject. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const claim = await claimForStaff(context.get(databaseContext), staffIdOf(params.id));
  return {
    claim: {
      ...claim,
      // The console's rule: a player's e-mail only to admins.
      contactEmail: staff.role === "admin" ? claim.contactEmail : null,
      createdAt: claim.createdAt.toISOString(),
    },
  };
}

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const form = await readInput(request, claimDecisionSchema);
  const { status, document } = await staffWrite(
    context.get(databaseContext),
    staff,
    "moderator",
    (tx) =>
      decideClaim(
        tx,
        staffIdOf(params.id),
        form.intent === "approve" ? { to: "approved" } : { to: "rejected", reason: form.reason },
        { baseUrl: context.get(baseUrlContext) },
      ),
  );
  // Decided, the document has served its purpose: it is deleted at once (decision 0063).
  if (document) await context.get(storageContext).remove(CLAIM_DOCUMENT_FOLDER, document);
  return { done: status };
});

export default function StaffClaim({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { claim } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "claim-problem", ["reason"]);
  const fields: [label: string, value: React.ReactNode][] = [
    [
      t("staff.claims.fields.business"),
      <PageLink key="business" to={to(`/businesses/${claim.businessId}`)} className="underline">
        {claim.business}
      </PageLink>,
    ],
    [
      t("staff.claims.fields.requester"),
      claim.requester ? (
        <PageLink
          key="requester"
          to={to(`/staff/players/${claim.requester.id}`)}
          className="text-brand-700 underline"
        >
          {claim.requester.handle}
        </PageLink>
      ) : (
        "—"
      ),
    ],
    [t("staff.claims.fields.source"), t(`staff.claims.source.${claim.source as "plan_request"}`)],
    [t("staff.claims.fields.status"), t(`staff.claims.status.${claim.status}`)],
    [t("staff.claims.fields.created"), formatDate(claim.createdAt, locale)],
  ];
  if (claim.contactEmail) fields.push([t("staff.claims.fields.contactEmail"), claim.contactEmail]);
  if (claim.planRequestId)
    fields.push([
      t("staff.claims.fields.planRequest"),
      <PageLink
        key="plan"
        to={to(`/staff/plans/${claim.planRequestId}`)}
        className="text-brand-700 underline"
      >
        {claim.planRequestId}
      </PageLink>,
    ]);
  if (claim.note) fields.push([t("staff.claims.fields.note"), claim.note]);
  if (claim.hasDocument)
    fields.push([
      t("staff.claims.fields.document"),
      claim.status === "open" ? (
        <a
          key="document"
          href={to(`/staff/claims/${claim.id}/document`)}
          className="text-brand-700 underline"
          download
        >
          {t("staff.claims.document.open")}
        </a>
      ) : (
        t("staff.claims.document.deleted")
      ),
    ]);
  if (claim.reason) fields.push([t("staff.claims.fields.reason"), claim.reason]);
  return (
    <DecisionPage
      title={t("staff.claims.detailTitle", { id: claim.id })}
      back={{ href: to("/staff"), label: t("staff.claims.back") }}
      heading={t("staff.claims.detailHeading", { id: claim.id, business: claim.business })}
      done={result?.done && t(`staff.claims.done.${result.done}`)}
      fields={fields}
      waiting={claim.status === "open"}
      problem={problem}
      choices={[
        {
          intent: "approve",
          heading: t("staff.claims.approve.heading"),
          explain: t("staff.claims.approve.explain"),
          submit: t("staff.claims.approve.submit"),
        },
        {
          intent: "reject",
          heading: t("staff.claims.reject.heading"),
          text: { id: "claim-reason", name: "reason", label: t("staff.claims.reject.reason") },
          submit: t("staff.claims.reject.submit"),
        },
      ]}
    />
  );
}
