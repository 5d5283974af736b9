import { Form, Link, useNavigation } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { formatDayShort, formatNumber, formatPercent } from "../../i18n/format.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction, formFailure } from "../../platform/api.ts";
import { clientAddressOf } from "../../platform/audit.server.ts";
import { databaseContext, quizDailyCapContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import {
  type ChildOverview,
  familyOverview,
  updateChildSettings,
} from "../../players/family.server.ts";
import { type FamilyForm, familyFormOf, familyFormSchema } from "../../players/family-form.ts";
import { QUIZ_TIMERS, SETS_PER_CATEGORY } from "../../quiz/categories.ts";
import { primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import type { Route } from "./+types/family";

/**
 * The parent's page (decision 0071): each child whose consent they gave, with their progress, the
 * last weeks of play and the settings only a parent changes. A player with no linked child reads
 * how a child links them; a visitor is sent to sign in.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  return {
    children: await familyOverview(context.get(databaseContext), viewer.id),
    siteCap: context.get(quizDailyCapContext),
    messages: pageMessages(request, "players", "quiz"),
  };
}

/** One small form per child and setting; each names its child, whom parentWrite checks again. */
export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const raw = await readRaw(request);
  const sent = familyFormOf(raw);
  try {
    const form = await validate(familyFormSchema(context.get(quizDailyCapContext)), raw);
    const settings =
      form.intent === "profile"
        ? { profilePublic: form.profilePublic }
        : form.intent === "timer"
          ? { quizTimer: form.quizTimer }
          : { familyPointsCap: form.pointsCap };
    await updateChildSettings(
      context.get(databaseContext),
      { id: viewer.id, clientAddress: clientAddressOf(request) },
      form.childId,
      settings,
    );
    return { saved: true, ...sent };
  } catch (error) {
    // A child who is not theirs is the site's 404, not a message beside a form.
    if (!isAppError(error) || error.code === "not_found") throw error;
    return formFailure(error, sent);
  }
});

export default function Family({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { children, siteCap } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>{t("players.family.metaTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-brand-900">{t("players.family.title")}</h1>
      {children.length === 0 ? (
        <section aria-labelledby="no-child" className="mt-6 max-w-2xl">
          <h2 id="no-child" className="text-xl font-semibold text-brand-900">
            {t("players.family.noChildTitle")}
          </h2>
          <p className="mt-3 text-slate-700">{t("players.family.noChild")}</p>
        </section>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{t("players.family.intro")}</p>
          {children.map((child) => (
            <ChildSection
              key={child.id}
              child={child}
              siteCap={siteCap}
              result={result?.childId === child.id ? result : undefined}
            />
          ))}
        </>
      )}
    </div>
  );
}

function ChildSection({
  child,
  siteCap,
  result,
}: {
  child: ChildOverview;
  siteCap: number;
  result: SwitchResult;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const heading = `child-${child.id}`;
  const about = (intent: FamilyForm["intent"]) => (result?.intent === intent ? result : undefined);
  return (
    <section
      aria-labelledby={heading}
      className="mt-10 rounded-2xl p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={heading} className="text-2xl font-bold text-brand-900">
          {child.name}{" "}
          <span className="text-base font-normal break-all text-slate-600">@{child.handle}</span>
        </h2>
        <p className="font-semibold text-slate-800">
          {t("players.family.points", { points: formatNumber(child.points, locale) })}
        </p>
      </div>
      <Link
        to={to(`/family/children/${child.id}`)}
        className="mt-2 inline-block font-medium text-brand-700 underline hover:text-brand-900"
      >
        {t("players.family.childPage")}
      </Link>
      <NumbersTable
        caption={t("players.family.progressCaption", { name: child.name })}
        visibleCaption
        columns={[
          t("players.family.category"),
          t("players.family.setsDone"),
          t("players.family.accuracy"),
        ]}
        rows={child.categories.map((row) => ({
          key: row.category,
          cells: [
            t(`quizCategories.${row.category}` as "quizCategories.alphabet"),
            t("players.family.setsDoneValue", {
              done: formatNumber(row.setsDone, locale),
              total: formatNumber(SETS_PER_CATEGORY, locale),
            }),
            row.answers === 0
              ? t("players.family.notPlayed")
              : formatPercent(Math.round((row.correct / row.answers) * 100) / 100, locale),
          ],
        }))}
      />
      <WeeksOfPlay child={child} />
      <h3 className="mt-8 text-xl font-semibold text-brand-900">
        {t("players.family.settingsTitle")}
      </h3>
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        <ProfileSwitch child={child} result={about("profile")} />
        <TimerSwitch child={child} result={about("timer")} />
        <CapSwitch child={child} siteCap={siteCap} result={about("cap")} />
      </div>
    </section>
  );
}

/** Sets per week as bars (for the eye), and the same weeks in a table with the time spent. */
function WeeksOfPlay({ child }: { child: ChildOverview }) {
  const t = useT();
  const locale = useLocale();
  const most = Math.max(1, ...child.weeks.map((week) => week.sets));
  const caption = `weeks-${child.id}`;
  return (
    <div className="mt-8">
      <h3 id={caption} className="text-xl font-semibold text-brand-900">
        {t("players.family.weeksTitle")}
      </h3>
      <figure aria-labelledby={caption} className="mt-4">
        {/* The bars repeat the table below, which is what assistive technology reads. */}
        <div aria-hidden="true" className="flex h-32 items-end gap-2 border-b border-slate-300">
          {child.weeks.map((week) => (
            <div key={week.monday} className="flex flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs tabular-nums text-slate-700">
                {formatNumber(week.sets, locale)}
              </span>
              <span
                className="w-full rounded-t bg-brand-600"
                style={{ height: `${(week.sets / most) * 6}rem` }}
              />
            </div>
          ))}
        </div>
        <div aria-hidden="true" className="mt-1 flex gap-2">
          {child.weeks.map((week) => (
            <span key={week.monday} className="flex-1 text-center text-xs text-slate-600">
              {formatDayShort(week.monday, locale)}
            </span>
          ))}
        </div>
        <figcaption className="mt-2 text-sm text-slate-600">
          {t("players.family.chartNote")}
        </figcaption>
      </figure>
      <NumbersTable
        caption={t("players.family.weeksCaption", { name: child.name })}
        columns={[t("players.family.week"), t("players.family.sets"), t("players.family.minutes")]}
        rows={child.weeks.map((week) => ({
          key: week.monday,
          cells: [
            formatDayShort(week.monday, locale),
            formatNumber(week.sets, locale),
            formatNumber(Math.round(week.seconds / 60), locale),
          ],
        }))}
      />
    </div>
  );
}

/**
 * A table of a label per row and numbers beside it: real headers for each column and row, the
 * caption shown or for screen readers only (where a heading above already says it).
 */
function NumbersTable({
  caption,
  visibleCaption = false,
  columns,
  rows,
}: {
  caption: string;
  visibleCaption?: boolean;
  columns: string[];
  rows: { key: string; cells: string[] }[];
}) {
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full text-left">
        <caption
          className={
            visibleCaption ? "mb-2 text-left text-lg font-semibold text-brand-900" : "sr-only"
          }
        >
          {caption}
        </caption>
        <thead className="border-b border-slate-300 text-sm text-slate-700">
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={`py-2 pr-3 ${index > 0 ? "text-right" : ""}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [label, ...numbers] }) => (
            <tr key={key} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 font-medium">
                {label}
              </th>
              {numbers.map((number, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column's place is its identity
                <td key={index} className="py-2 pr-3 text-right tabular-nums">
                  {number}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SwitchResult = FormOutcome<Route.ComponentProps["actionData"]> | undefined;

/** "Saved." after this form was sent, and the child's id, which every switch sends. */
function SwitchFrame({
  child,
  intent,
  title,
  result,
  fields,
  children,
}: {
  child: ChildOverview;
  intent: FamilyForm["intent"];
  title: string;
  result: SwitchResult;
  fields: readonly string[];
  children: (problem: ReturnType<typeof useFormProblem>) => React.ReactNode;
}) {
  const t = useT();
  const problem = useFormProblem(result?.problem, `${intent}-problem-${child.id}`, fields);
  return (
    <Form method="post" ref={problem.form} noValidate className="flex flex-col gap-3">
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="childId" value={child.id} />
      {problem.alert}
      {children(problem)}
      {result?.saved && (
        <p role="status" className="rounded-lg bg-green-50 p-2 text-sm font-medium text-green-900">
          {t("players.family.saved")}
        </p>
      )}
    </Form>
  );
}

function ProfileSwitch({ child, result }: { child: ChildOverview; result: SwitchResult }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const name = { name: child.name };
  return (
    <SwitchFrame
      child={child}
      intent="profile"
      title={t("players.family.profileTitle")}
      result={result}
      fields={[]}
    >
      {() => (
        <>
          <p className="text-sm text-slate-700">
            {t(
              child.profilePublic ? "players.family.profileOn" : "players.family.profileOff",
              name,
            )}
          </p>
          <button
            type="submit"
            name="profilePublic"
            value={child.profilePublic ? "off" : "on"}
            disabled={busy}
            className={`${child.profilePublic ? secondaryButton : primaryButton} self-start`}
          >
            {t(
              child.profilePublic ? "players.family.makePrivate" : "players.family.makePublic",
              name,
            )}
          </button>
        </>
      )}
    </SwitchFrame>
  );
}

function TimerSwitch({ child, result }: { child: ChildOverview; result: SwitchResult }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <SwitchFrame
      child={child}
      intent="timer"
      title={t("players.family.timerTitle")}
      result={result}
      fields={["quizTimer"]}
    >
      {(problem) => (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t("players.family.timerTitle")}</legend>
          {QUIZ_TIMERS.map((seconds) => (
            <label key={seconds} className="flex items-center gap-2">
              <input
                type="radio"
                name="quizTimer"
                value={seconds}
                defaultChecked={child.quizTimer === seconds}
                className="size-4"
                {...problem.field("quizTimer")}
              />
              {t(`profile.settings.timer${seconds}`)}
            </label>
          ))}
          {problem.message("quizTimer")}
          <p className="text-sm text-slate-600">
            {t("players.family.timerHint", { name: child.name })}
          </p>
          <button type="submit" disabled={busy} className={`${secondaryButton} self-start`}>
            {t("players.family.saveTimer")}
          </button>
        </fieldset>
      )}
    </SwitchFrame>
  );
}

function CapSwitch({
  child,
  siteCap,
  result,
}: {
  child: ChildOverview;
  siteCap: number;
  result: SwitchResult;
}) {
  const t = useT();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const id = `cap-${child.id}`;
  return (
    <SwitchFrame
      child={child}
      intent="cap"
      title={t("players.family.capTitle")}
      result={result}
      fields={["pointsCap"]}
    >
      {(problem) => (
        <>
          <label htmlFor={id} className="font-medium">
            {t("players.family.capLabel")}
          </label>
          <input
            id={id}
            name="pointsCap"
            type="number"
            inputMode="numeric"
            min={1}
            max={siteCap - 1}
            defaultValue={child.pointsCap ?? ""}
            aria-describedby={`${id}-hint`}
            className="w-32 rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-700"
            {...problem.field("pointsCap")}
          />
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {t("players.family.capHint", { cap: formatNumber(siteCap, locale) })}
          </p>
          {problem.message("pointsCap")}
          <button type="submit" disabled={busy} className={`${secondaryButton} self-start`}>
            {t("players.family.saveCap")}
          </button>
        </>
      )}
    </SwitchFrame>
  );
}
