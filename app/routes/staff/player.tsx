import { Form } from "react-router";
import { directoryActivityOf } from "../../directory/staff.server.ts";
import { formatDate } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import {
  banPlayer,
  liftBan,
  playerForStaff,
  redeemRequestsOf,
  replaceIdentity,
} from "../../players/staff.server.ts";
import { BAN_REASONS, playerActionSchema } from "../../players/staff-forms.ts";
import { planRequestsOf } from "../../pricing/staff.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { FieldList } from "../../staff/components/field-list.tsx";
import { hasRole } from "../../staff/roles.ts";
import { staffWrite } from "../../staff/write.server.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { ReasonChoice } from "../../ui/reason-choice.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/player";

/** Account ids are Better Auth's: short text; anything else finds nobody. */
function playerIdOf(value: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new AppError("not_found");
  return value;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = context.get(databaseContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const id = playerIdOf(params.id);
  // E-mail and age are for admins only: a moderator's page never receives them.
  const player = await playerForStaff(db, id, { private: hasRole(staff.role, "admin") });
  const [directory, redeem, plans] = await Promise.all([
    directoryActivityOf(db, id),
    redeemRequestsOf(db, id),
    planRequestsOf(db, id),
  ]);
  return {
    player: {
      ...player,
      createdAt: player.createdAt.toISOString(),
      banExpires: player.banExpires?.toISOString() ?? null,
    },
    activity: {
      reports: directory.reports,
      reviews: {
        count: directory.reviews.count,
        recent: directory.reviews.recent.map((review) => ({
          id: review.id,
          businessId: review.businessId,
          business: review.business,
          rating: review.rating,
          createdAt: review.createdAt.toISOString(),
        })),
      },
      redeem: {
        count: redeem.count,
        recent: redeem.recent.map((row) => ({
          id: row.id,
          title: row.goal[locale],
          status: row.status,
          createdAt: row.createdAt.toISOString(),
        })),
      },
      plans: {
        count: plans.count,
        recent: plans.recent.map((row) => ({
          id: row.id,
          title: row.businessName,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
        })),
      },
    },
  };
}

export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context });
  const form = await readInput(request, playerActionSchema);
  const db = context.get(databaseContext);
  const id = playerIdOf(params.id);
  switch (form.intent) {
    case "ban":
      await staffWrite(db, staff, "moderator", (tx) =>
        banPlayer(tx, id, { reason: form.reason, details: form.details, until: form.until }),
      );
      return { done: "banned" as const, value: null };
    case "lift":
      await staffWrite(db, staff, "moderator", (tx) => liftBan(tx, id));
      return { done: "lifted" as const, value: null };
    case "rename": {
      const { value } = await staffWrite(db, staff, "moderator", (tx) =>
        replaceIdentity(tx, id, { field: form.field, seen: form.seen }),
      );
      return { done: "renamed" as const, value };
    }
  }
});

/** Counts and the latest few of one kind of the player's activity, each linking where it lives. */
function Activity({
  label,
  count,
  items,
}: {
  label: string;
  count: number;
  items: { key: string; href: string; text: string }[];
}) {
  return (
    <div className="rounded-xl p-4 ring-1 ring-slate-200">
      <h3 className="font-bold">{label}</h3>
      {count > 0 && (
        <ul className="mt-2 flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.key}>
              <PageLink to={item.href} className="text-brand-700 underline">
                {item.text}
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function StaffPlayer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { player, activity } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "player-problem", ["reason", "details", "until"]);
  const date = (iso: string) => formatDate(iso, locale);
  const ban = player.banned
    ? player.banExpires
      ? t("staff.players.bannedUntil", { date: date(player.banExpires), reason: player.banReason })
      : t("staff.players.bannedForever", { reason: player.banReason })
    : t("staff.players.notBanned");
  const fields: [string, string][] = [
    [t("staff.players.fields.handle"), player.handle],
    [t("staff.players.fields.name"), player.name],
    [t("staff.players.fields.role"), t(`staff.players.roles.${player.role}`)],
    [t("staff.players.fields.joined"), date(player.createdAt)],
    [t("staff.players.fields.ban"), ban],
  ];
  if (player.private)
    fields.push(
      [t("staff.players.fields.email"), player.private.email],
      [
        t("staff.players.fields.age"),
        player.private.age === null
          ? t("staff.players.fields.ageUnknown")
          : String(player.private.age),
      ],
    );
  return (
    <section>
      <title>{t("staff.players.detailTitle", { handle: player.handle })}</title>
      <p>
        <PageLink to={to("/staff/players")} className="text-brand-700 underline">
          {t("staff.players.back")}
        </PageLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">{player.handle}</h1>
      {result?.done && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {result.done === "renamed"
            ? t("staff.players.done.renamed", { value: result.value })
            : t(`staff.players.done.${result.done}`)}
        </p>
      )}
      <FieldList fields={fields} />
      <h2 className="mt-8 text-xl font-bold">{t("staff.players.activity.heading")}</h2>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <Activity
          label={t("staff.players.activity.reports", { count: activity.reports })}
          count={0}
          items={[]}
        />
        <Activity
          label={t("staff.players.activity.reviews", { count: activity.reviews.count })}
          count={activity.reviews.count}
          items={activity.reviews.recent.map((review) => ({
            key: String(review.id),
            href: to(`/businesses/${review.businessId}`),
            text: `${review.business}, ${review.rating}/5, ${date(review.createdAt)}`,
          }))}
        />
        <Activity
          label={t("staff.players.activity.redeem", { count: activity.redeem.count })}
          count={activity.redeem.count}
          items={activity.redeem.recent.map((row) => ({
            key: String(row.id),
            href: to(`/staff/redeem/${row.id}`),
            text: `${t("staff.redeem.title", { id: row.id, goal: row.title })}, ${t(`staff.redeem.status.${row.status}`)}`,
          }))}
        />
        <Activity
          label={t("staff.players.activity.plans", { count: activity.plans.count })}
          count={activity.plans.count}
          items={activity.plans.recent.map((row) => ({
            key: String(row.id),
            href: to(`/staff/plans/${row.id}`),
            text: `${t("staff.plans.title", { id: row.id, business: row.title })}, ${t(`staff.plans.status.${row.status}`)}`,
          }))}
        />
      </div>
      {problem.alert && <div className="mt-6">{problem.alert}</div>}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {player.role !== "player" ? (
          <p className="rounded-xl bg-slate-50 p-4">{t("staff.players.ban.staff")}</p>
        ) : player.banned ? (
          <Form method="post" className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
            <h2 className="text-lg font-bold">{t("staff.players.lift.heading")}</h2>
            <button type="submit" name="intent" value="lift" className={primaryButton}>
              {t("staff.players.lift.submit")}
            </button>
          </Form>
        ) : (
          <Form
            method="post"
            ref={problem.form}
            noValidate
            className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200"
          >
            <h2 className="text-lg font-bold">{t("staff.players.ban.heading")}</h2>
            <ReasonChoice
              legend={t("staff.players.ban.reason")}
              reasons={BAN_REASONS}
              labelOf={(reason) => t(`staff.players.ban.reasons.${reason}`)}
              marks={problem.field("reason")}
              problem={problem.message("reason")}
            />
            <TextArea
              id="ban-details"
              name="details"
              label={t("staff.players.ban.details")}
              hint={t("staff.players.ban.detailsHint")}
              maxLength={500}
              {...problem.field("details")}
              problem={problem.message("details")}
            />
            <TextField
              id="ban-until"
              name="until"
              type="date"
              label={t("staff.players.ban.until")}
              hint={t("staff.players.ban.untilHint")}
              {...problem.field("until")}
              problem={problem.message("until")}
            />
            <button type="submit" name="intent" value="ban" className={primaryButton}>
              {t("staff.players.ban.submit")}
            </button>
          </Form>
        )}
        <div className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
          <h2 className="text-lg font-bold">{t("staff.players.rename.heading")}</h2>
          <p className="text-slate-700">{t("staff.players.rename.hint")}</p>
          {(["name", "handle"] as const).map((field) => (
            <Form method="post" key={field}>
              <input type="hidden" name="intent" value="rename" />
              <input type="hidden" name="field" value={field} />
              <input type="hidden" name="seen" value={player[field]} />
              <button type="submit" className={`${secondaryButton} w-full`}>
                {t(`staff.players.rename.${field}`)}
              </button>
            </Form>
          ))}
        </div>
      </div>
    </section>
  );
}
