import { formatDate, formatNumber } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { displayPhone } from "../../platform/phone.ts";
import { decideRedeemRequest, redeemRequestForStaff } from "../../players/staff.server.ts";
import { redeemDecisionSchema } from "../../players/staff-forms.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { DecisionPage } from "../../staff/components/decision-page.tsx";
import { staffIdOf } from "../../staff/ids.ts";
import { hasRole } from "../../staff/roles.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import type { Route } from "./+types/redeem-request";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const locale = localeFromPath(new URL(request.url).pathname);
  const row = await redeemRequestForStaff(context.get(databaseContext), staffIdOf(params.id));
  // The contact a player gave reaches the player (often a child): admins only, as a player's own
  // e-mail is (decision 0047, amended). A moderator decides without it: the player is told by
  // the e-mail the site sends.
  const admin = hasRole(staff.role, "admin");
  return {
    request: {
      ...row,
      email: admin ? row.email : null,
      phone: admin ? row.phone : null,
      goal: row.goal[locale],
      player: { id: row.player.id, handle: row.player.handle },
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    },
  };
}

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const form = await readInput(request, redeemDecisionSchema);
  const { status } = await staffWrite(context.get(databaseContext), staff, "moderator", (tx) =>
    decideRedeemRequest(
      tx,
      staffIdOf(params.id),
      form.intent === "fulfil"
        ? { to: "fulfilled", note: form.note }
        : { to: "declined", reason: form.reason },
    ),
  );
  return { done: status, form: form.intent };
});

export default function StaffRedeemRequest({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { request } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "redeem-problem", ["note", "reason"]);
  const fields: [label: string, value: React.ReactNode][] = [
    [t("staff.redeem.fields.goal"), request.goal],
    [
      t("staff.redeem.fields.cost"),
      t("staff.redeem.points", { points: formatNumber(request.cost, locale) }),
    ],
    [t("staff.redeem.fields.status"), t(`staff.redeem.status.${request.status}`)],
    [t("staff.redeem.fields.requested"), formatDate(request.createdAt, locale)],
    [
      t("staff.redeem.fields.player"),
      <PageLink
        key="player"
        to={to(`/staff/players/${request.player.id}`)}
        className="text-brand-700 underline"
      >
        {request.player.handle}
      </PageLink>,
    ],
    [t("staff.redeem.fields.contactName"), request.name],
  ];
  if (request.email !== null) fields.push([t("staff.redeem.fields.contactEmail"), request.email]);
  if (request.phone !== null)
    fields.push([t("staff.redeem.fields.phone"), displayPhone(request.phone)]);
  if (request.decidedAt)
    fields.push([t("staff.redeem.fields.decided"), formatDate(request.decidedAt, locale)]);
  if (request.note) fields.push([t("staff.redeem.fields.note"), request.note]);
  return (
    <DecisionPage
      title={t("staff.redeem.detailTitle", { id: request.id })}
      back={{ href: to("/staff/redeem"), label: t("staff.redeem.back") }}
      heading={t("staff.redeem.detailHeading", { id: request.id })}
      done={result?.done && t(`staff.redeem.done.${result.done}`)}
      fields={fields}
      waiting={request.status === "pending"}
      problem={problem}
      choices={[
        {
          intent: "fulfil",
          heading: t("staff.redeem.fulfil.heading"),
          text: {
            id: "redeem-note",
            name: "note",
            label: t("staff.redeem.fulfil.note"),
            hint: t("staff.redeem.fulfil.noteHint"),
          },
          submit: t("staff.redeem.fulfil.submit"),
        },
        {
          intent: "decline",
          heading: t("staff.redeem.decline.heading"),
          text: {
            id: "redeem-reason",
            name: "reason",
            label: t("staff.redeem.decline.reason"),
            hint: t("staff.redeem.decline.reasonHint"),
          },
          submit: t("staff.redeem.decline.submit"),
        },
      ]}
    />
  );
}
