import { randomUUID } from "node:crypto";
import { Link, redirect } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import type { RedeemStatus } from "../../db/schema/players.ts";
import { formatDate, formatNumber } from "../../i18n/format.ts";
import { type Locale, localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction, formFailure, sentTextFields } from "../../platform/api.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { getPrivateProfile } from "../../players/account.server.ts";
import { goalButtonId, RedeemDialog } from "../../players/components/redeem-dialog.tsx";
import { TierRing } from "../../players/components/tier-ring.tsx";
import { listGoals, listRequests, redeemGoalFor } from "../../players/redeem.server.ts";
import { redeemPageFormSchema } from "../../players/redeem-form.ts";
import { goalPercent, tierProgress } from "../../players/tiers.ts";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import type { Route } from "./+types/redeem";

const TOO_COSTLY = "?notice=redeem-too-costly";

const STATUS_STYLE: Record<RedeemStatus, string> = {
  awaiting_parent: "bg-sky-100 text-sky-900",
  pending: "bg-amber-100 text-amber-900",
  fulfilled: "bg-green-100 text-green-900",
  declined: "bg-slate-200 text-slate-900",
};

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const [profile, goals, requests] = await Promise.all([
    getPrivateProfile(db, viewer.id),
    listGoals(db),
    listRequests(db, viewer.id),
  ]);
  const chosen = goals.find((goal) => goal.slug === new URL(request.url).searchParams.get("goal"));
  // The address of a goal the player cannot afford (a bookmark, or the balance spent since) shows
  // the toast instead of the form; the page itself offers no way there.
  if (chosen && chosen.cost > profile.balance)
    throw redirect(`${localizedPath("/redeem", locale)}${TOO_COSTLY}`);
  return {
    player: { name: profile.name, email: profile.email, balance: profile.balance },
    tiers: tierProgress(profile.points),
    goals: goals.map((goal) => ({ ...goal, name: goal.name[locale] })),
    requests: requests.map((request) => ({ ...request, goal: request.goal.name[locale] })),
    chosen: chosen?.slug ?? null,
    // A new key for each form shown: sending it again (double click, resent form) finds the
    // request the first sending made.
    idempotencyKey: randomUUID(),
    messages: pageMessages(request, "players"),
  };
}

export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const locale: Locale = localeFromPath(new URL(request.url).pathname);
  const raw = await readRaw(request);
  try {
    const { idempotencyKey, ...form } = await validate(redeemPageFormSchema, raw);
    await redeemGoalFor(
      context.get(databaseContext),
      { id: viewer.id, locale },
      form,
      idempotencyKey,
      { baseUrl: context.get(baseUrlContext) },
    );
    return redirect(`${localizedPath("/redeem", locale)}?notice=redeem-created`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { values: sentTextFields(raw) });
  }
});

export default function Redeem({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { player, tiers, goals, requests, chosen, idempotencyKey } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const goal = goals.find((candidate) => candidate.slug === chosen);
  const number = (value: number) => formatNumber(value, locale);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>{t("redeem.metaTitle")}</title>
      <section className="grid gap-6 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 md:grid-cols-[1fr_auto] md:items-center">
        <div>
          <h1 className="text-3xl font-bold">{t("redeem.hello", { name: player.name })}</h1>
          <p className="mt-3 text-slate-700">{t("redeem.balance")}</p>
          <p className="text-4xl font-bold text-brand-800">
            {t("redeem.balanceValue", { points: number(player.balance) })}
          </p>
        </div>
        <TierRing progress={tiers} />
      </section>
      <section aria-labelledby="goals" className="mt-10">
        <h2 id="goals" className="text-2xl font-bold">
          {t("redeem.goals")}
        </h2>
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {goals.map((item) => {
            const percent = goalPercent(player.balance, item.cost);
            const affordable = item.cost <= player.balance;
            return (
              <li
                key={item.slug}
                className="flex flex-col overflow-hidden rounded-2xl bg-white shadow ring-1 ring-slate-200"
              >
                <img
                  src={item.image}
                  alt=""
                  width="300"
                  height="300"
                  className="aspect-square w-full"
                />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h3 id={`goal-name-${item.slug}`} className="text-lg font-bold">
                    {item.name}
                  </h3>
                  <p className="text-slate-700">
                    {t("redeem.cost", { points: number(item.cost) })}
                  </p>
                  <ProgressBar
                    value={percent}
                    aria-label={t("redeem.progress", { percent, name: item.name })}
                    fill="accent"
                    className="h-2"
                  />
                  {affordable ? (
                    <Link
                      id={goalButtonId(item.slug)}
                      to={`${to("/redeem")}?goal=${encodeURIComponent(item.slug)}`}
                      preventScrollReset
                      aria-label={t("redeem.chooseName", { name: item.name })}
                      className="mt-auto rounded-lg bg-brand-700 px-4 py-2 text-center font-semibold text-white hover:bg-brand-800"
                    >
                      {t("redeem.choose")}
                    </Link>
                  ) : (
                    // Out of reach: said as such, with nothing to click.
                    <p className="mt-auto py-2 text-center font-medium text-slate-700">
                      {t("redeem.missing", { points: number(item.cost - player.balance) })}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="my-requests" className="mt-10">
        <h2 id="my-requests" className="text-2xl font-bold">
          {t("redeem.requests")}
        </h2>
        {requests.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("redeem.noRequests")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
            {requests.map((request) => (
              <li key={request.id} className="px-4 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {t("redeem.requestLine", {
                      name: request.goal,
                      points: number(request.cost),
                      date: formatDate(request.createdAt, locale),
                    })}
                  </span>
                  <span
                    className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[request.status]}`}
                  >
                    {t(`redeem.status.${request.status}`)}
                  </span>
                </div>
                {request.note && (
                  <p className="mt-1 text-slate-700">
                    {t(request.status === "declined" ? "redeem.reason" : "redeem.note", {
                      text: request.note,
                    })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {goal && (
        <RedeemDialog
          key={goal.slug}
          goal={goal}
          idempotencyKey={idempotencyKey}
          defaults={{ name: player.name, email: player.email }}
          problem={result?.problem}
          values={result?.values}
        />
      )}
    </div>
  );
}
