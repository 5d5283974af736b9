import { Form, Link } from "react-router";
import { formatDate, formatNumber } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { displayPhone } from "../../platform/phone.ts";
import { decideRedeemRequest, redeemRequestForStaff } from "../../players/staff.server.ts";
import { redeemDecisionSchema } from "../../players/staff-forms.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { FieldList } from "../../staff/components/field-list.tsx";
import { staffIdOf } from "../../staff/ids.ts";
import { hasRole } from "../../staff/roles.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextArea } from "../../ui/text-area.tsx";
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
    messages: pageMessages(request, "staff"),
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
      <Link
        key="player"
        to={to(`/staff/players/${request.player.id}`)}
        className="text-brand-700 underline"
      >
        {request.player.handle}
      </Link>,
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
    <section>
      <title>{t("staff.redeem.detailTitle", { id: request.id })}</title>
      <p>
        <Link to={to("/staff/redeem")} className="text-brand-700 underline">
          {t("staff.redeem.back")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {t("staff.redeem.detailHeading", { id: request.id })}
      </h1>
      {result?.done && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {t(`staff.redeem.done.${result.done}`)}
        </p>
      )}
      <FieldList fields={fields} />
      {request.status === "pending" && (
        <Form
          method="post"
          ref={problem.form}
          noValidate
          className="mt-8 grid gap-6 md:grid-cols-2"
        >
          {problem.alert}
          <fieldset className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
            <legend className="px-1 text-lg font-bold">{t("staff.redeem.fulfil.heading")}</legend>
            <TextArea
              id="redeem-note"
              name="note"
              label={t("staff.redeem.fulfil.note")}
              hint={t("staff.redeem.fulfil.noteHint")}
              maxLength={1000}
              {...problem.field("note")}
              problem={problem.message("note")}
            />
            <button type="submit" name="intent" value="fulfil" className={primaryButton}>
              {t("staff.redeem.fulfil.submit")}
            </button>
          </fieldset>
          <fieldset className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
            <legend className="px-1 text-lg font-bold">{t("staff.redeem.decline.heading")}</legend>
            <TextArea
              id="redeem-reason"
              name="reason"
              label={t("staff.redeem.decline.reason")}
              hint={t("staff.redeem.decline.reasonHint")}
              maxLength={1000}
              {...problem.field("reason")}
              problem={problem.message("reason")}
            />
            <button type="submit" name="intent" value="decline" className={secondaryButton}>
              {t("staff.redeem.decline.submit")}
            </button>
          </fieldset>
        </Form>
      )}
    </section>
  );
}
