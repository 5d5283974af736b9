import { Form } from "react-router";
import { formatDate, formatMoney } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { displayPhone } from "../../platform/phone.ts";
import {
  movePlanRequest,
  notePlanRequest,
  PLAN_REQUEST_MOVES,
  planRequestForStaff,
} from "../../pricing/staff.server.ts";
import { planActionSchema } from "../../pricing/staff-forms.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { FieldList } from "../../staff/components/field-list.tsx";
import { staffIdOf } from "../../staff/ids.ts";
import { staffNames } from "../../staff/names.server.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import type { Route } from "./+types/plan-request";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const db = context.get(databaseContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const row = await planRequestForStaff(db, staffIdOf(params.id));
  const names = await staffNames(
    db,
    row.notes.map((note) => note.authorId),
  );
  return {
    request: {
      ...row,
      plan: row.plan[locale],
      createdAt: row.createdAt.toISOString(),
      notes: row.notes.map((note) => ({
        id: note.id,
        body: note.body,
        author: (note.authorId && names.get(note.authorId)) ?? null,
        at: note.createdAt.toISOString().slice(0, 16).replace("T", " "),
      })),
    },
    moves: PLAN_REQUEST_MOVES[row.status],
  };
}

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const form = await readInput(request, planActionSchema);
  const db = context.get(databaseContext);
  const id = staffIdOf(params.id);
  const { act, from, note } = form;
  if (act === "note") {
    await staffWrite(db, staff, "moderator", (tx) =>
      notePlanRequest(tx, id, { body: note, authorId: staff.id }),
    );
    return { done: "noted" as const };
  }
  const { claimId } = await staffWrite(db, staff, "moderator", (tx) =>
    movePlanRequest(tx, id, { from, to: act, note, authorId: staff.id }),
  );
  return { done: claimId === null ? ("moved" as const) : ("claimed" as const) };
});

export default function StaffPlanRequest({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { request, moves } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "plan-problem", ["note"]);
  const fields: [label: string, value: React.ReactNode][] = [
    [t("staff.plans.fields.status"), t(`staff.plans.status.${request.status}`)],
    [t("staff.plans.fields.business"), request.businessName],
    [t("staff.plans.fields.plan"), request.plan],
    [t("staff.plans.fields.billing"), t(`staff.plans.billing.${request.billing}`)],
    [t("staff.plans.fields.price"), formatMoney(request.priceCents, locale)],
    [t("staff.plans.fields.contact"), request.contactName],
    [t("staff.plans.fields.email"), request.email],
    [t("staff.plans.fields.phone"), displayPhone(request.phone)],
    [t("staff.plans.fields.province"), request.province],
    [
      t("staff.plans.fields.claim"),
      request.claim ? (
        <PageLink
          key="claim"
          to={to(`/businesses/${request.claim.id}`)}
          className="text-brand-700 underline"
        >
          {request.claim.name}, {request.claim.city}
        </PageLink>
      ) : (
        t("staff.plans.noClaim")
      ),
    ],
    [
      t("staff.plans.fields.requester"),
      request.userId ? (
        <PageLink
          key="requester"
          to={to(`/staff/players/${request.userId}`)}
          className="text-brand-700 underline"
        >
          {t("staff.nav.players")}
        </PageLink>
      ) : (
        t("staff.plans.visitor")
      ),
    ],
    [t("staff.plans.fields.received"), formatDate(request.createdAt, locale)],
  ];
  return (
    <section>
      <title>{t("staff.plans.detailTitle", { id: request.id })}</title>
      <p>
        <PageLink to={to("/staff/plans")} className="text-brand-700 underline">
          {t("staff.plans.back")}
        </PageLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {t("staff.plans.detailHeading", { id: request.id })}
      </h1>
      {result?.done && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {t(result.done === "claimed" ? "staff.plans.claimOpened" : "staff.plans.done")}
        </p>
      )}
      <FieldList fields={fields} />
      <h2 className="mt-8 text-xl font-bold">{t("staff.plans.notes.heading")}</h2>
      {request.notes.length === 0 ? (
        <p className="mt-2">{t("staff.plans.notes.empty")}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-3">
          {request.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-sm text-slate-700">
                {t("staff.plans.notes.by", {
                  name: note.author ?? t("staff.plans.notes.unknownAuthor"),
                  at: note.at,
                })}
              </p>
              <p className="mt-1 whitespace-pre-line">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form
        // A new note or state starts an empty form (with JavaScript the page is not reloaded);
        // a refused one keeps what was typed.
        key={`${request.status}-${request.notes.length}`}
        method="post"
        ref={problem.form}
        noValidate
        className="mt-8 flex max-w-2xl flex-col gap-3"
      >
        <h2 className="text-xl font-bold">{t("staff.plans.act.heading")}</h2>
        {problem.alert}
        <input type="hidden" name="from" value={request.status} />
        <TextArea
          id="plan-note"
          name="note"
          label={t("staff.plans.act.note")}
          hint={t("staff.plans.act.noteHint")}
          maxLength={2000}
          {...problem.field("note")}
          problem={problem.message("note")}
        />
        <div className="flex flex-wrap gap-3">
          {moves.map((move) => (
            <button key={move} type="submit" name="act" value={move} className={primaryButton}>
              {t(`staff.plans.act.to.${move as Exclude<typeof move, "new">}`)}
            </button>
          ))}
          <button type="submit" name="act" value="note" className={secondaryButton}>
            {t("staff.plans.act.addNote")}
          </button>
        </div>
      </Form>
    </section>
  );
}
