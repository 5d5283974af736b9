import { Form, useNavigation } from "react-router";
import { hoursForManager, saveHours } from "../../../directory/hours.server.ts";
import { CANADIAN_TIME_ZONES, type HoursRange, weekdayName } from "../../../directory/hours.ts";
import {
  hoursField,
  hoursFormSchema,
  MAX_RANGES,
  SPECIAL_DAY_LABEL_LENGTH,
  SPECIAL_DAY_RANGES,
} from "../../../directory/hours-form.ts";
import { dateTimeFormat, formatDayRange, formatTimeOfDay } from "../../../i18n/format.ts";
import { localeFromPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  sentTextFields,
} from "../../../platform/api.ts";
import { databaseContext, pageCacheContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { primaryButton } from "../../../ui/button-link.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import type { Route } from "./+types/hours";
import { managerOfPage } from "./manager.server.ts";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Every control's name, for the form's problem to find its field. */
const FIELDS = [
  "timeZone",
  ...WEEKDAYS.flatMap((day) => [
    hoursField.closed(day),
    ...Array.from({ length: MAX_RANGES }, (_, slot) => [
      hoursField.opens(day, slot),
      hoursField.closes(day, slot),
    ]).flat(),
  ]),
  "new-date",
  "new-label",
  "new-closed",
  ...Array.from({ length: SPECIAL_DAY_RANGES }, (_, slot) => [
    hoursField.newOpens(slot),
    hoursField.newCloses(slot),
  ]).flat(),
];

export async function loader(args: Route.LoaderArgs) {
  const { businessId } = await managerOfPage(args);
  const locale = localeFromPath(new URL(args.request.url).pathname);
  return {
    hours: await hoursForManager(args.context.get(databaseContext), businessId),
    // Named on the server: the browser's own zone names could differ and break hydration.
    zones: CANADIAN_TIME_ZONES.map((zone) => {
      const generic = dateTimeFormat(locale, { timeZone: zone, timeZoneName: "longGeneric" })
        .formatToParts(new Date())
        .find((part) => part.type === "timeZoneName")?.value;
      const name = generic ? generic.charAt(0).toUpperCase() + generic.slice(1) : zone;
      return { zone, label: `${name} (${zone.split("/")[1]?.replaceAll("_", " ")})` };
    }),
    messages: pageMessages(args.request, "manage"),
  };
}

/**
 * Saves the week, the zone and the special days in one go; a refused form comes back with what
 * was typed and the message beside its field.
 */
export const action = formAction(async (args: Route.ActionArgs) => {
  const owner = await managerOfPage(args);
  const raw = await readRaw(args.request);
  try {
    await saveHours(args.context.get(databaseContext), owner, await validate(hoursFormSchema, raw));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { values: sentTextFields(raw) });
  }
  args.context.get(pageCacheContext).clear();
  return { saved: true };
});

export default function ManageHours({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const busy = useNavigation().state === "submitting";
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "hours-problem", FIELDS);
  const { hours, zones } = loaderData;
  const sent = result?.values;
  // What each control shows: what was sent when it was refused, else what is saved.
  const value = (name: string, saved: string) => (sent ? (sent[name] ?? "") : saved);
  const checked = (name: string, saved: boolean) => (sent ? name in sent : saved);
  const slotsOf = (day: number, saved: HoursRange[]) => {
    const filled = sent
      ? Array.from({ length: MAX_RANGES }, (_, slot) => slot).filter(
          (slot) => sent[hoursField.opens(day, slot)] || sent[hoursField.closes(day, slot)],
        ).length
      : saved.length;
    return Math.min(MAX_RANGES, filled + 1);
  };
  return (
    <section aria-labelledby="hours-heading">
      <title>{t("site.pageTitle", { title: t("manage.hours.heading") })}</title>
      <h2 id="hours-heading" className="text-xl font-bold">
        {t("manage.hours.heading")}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">{t("manage.hours.intro")}</p>
      {result?.saved && (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-4 font-medium text-brand-900">
          {t("manage.hours.saved")}
        </p>
      )}
      <Form
        method="post"
        // A new form after each save, so every control shows what was saved.
        key={JSON.stringify(hours)}
        className="mt-6 flex flex-col gap-8"
        ref={problem.form}
      >
        {problem.alert}
        <div className="flex max-w-md flex-col gap-1">
          <label htmlFor="hours-zone" className="font-medium text-slate-800">
            {t("manage.hours.timeZone")}
          </label>
          <select
            id="hours-zone"
            name="timeZone"
            defaultValue={value("timeZone", hours.timeZone)}
            className="rounded-lg border border-slate-300 px-3 py-3"
            {...problem.field("timeZone")}
          >
            {zones.map(({ zone, label }) => (
              <option key={zone} value={zone}>
                {label}
              </option>
            ))}
          </select>
          {problem.message("timeZone")}
        </div>

        <fieldset className="flex flex-col gap-4">
          <legend className="text-lg font-semibold">{t("manage.hours.week")}</legend>
          <p id="hours-more" className="text-sm text-slate-600">
            {t("manage.hours.moreRanges")}
          </p>
          {WEEKDAYS.map((day) => {
            const saved = hours.week[day - 1] ?? [];
            const name = weekdayName(day, locale);
            return (
              <fieldset
                key={day}
                className="grid gap-3 rounded-xl p-4 ring-1 ring-slate-200 md:grid-cols-[10rem_1fr]"
              >
                <legend className="sr-only">{name}</legend>
                <div className="flex flex-col gap-2">
                  <span aria-hidden="true" className="font-semibold capitalize">
                    {name}
                  </span>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={hoursField.closed(day)}
                      defaultChecked={checked(hoursField.closed(day), saved.length === 0)}
                      className="size-5"
                      {...problem.field(hoursField.closed(day))}
                    />
                    {t("manage.hours.closed")}
                  </label>
                </div>
                <div className="flex flex-col gap-2">
                  {Array.from({ length: slotsOf(day, saved) }, (_, slot) => (
                    <RangeSlot
                      // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions.
                      key={slot}
                      opens={hoursField.opens(day, slot)}
                      closes={hoursField.closes(day, slot)}
                      opensLabel={t("manage.hours.opensLabel", { day: name, number: slot + 1 })}
                      closesLabel={t("manage.hours.closesLabel", { day: name, number: slot + 1 })}
                      values={[
                        value(hoursField.opens(day, slot), saved[slot]?.opens ?? ""),
                        value(hoursField.closes(day, slot), saved[slot]?.closes ?? ""),
                      ]}
                      problem={problem}
                    />
                  ))}
                  {problem.message(hoursField.closed(day))}
                </div>
              </fieldset>
            );
          })}
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="text-lg font-semibold">{t("manage.hours.special")}</legend>
          <p className="text-sm text-slate-600">{t("manage.hours.specialIntro")}</p>
          {hours.specialDays.length === 0 ? (
            <p>{t("manage.hours.noSpecial")}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {hours.specialDays.map((day) => (
                <li key={day.date} className="flex flex-wrap items-center gap-x-4 gap-y-1">
                  <span>
                    <span className="font-semibold">
                      {formatDayRange(day.date, day.date, locale)}
                    </span>
                    {day.label && ` (${day.label})`}
                    {" · "}
                    {day.ranges.length === 0
                      ? t("manage.hours.specialClosed")
                      : day.ranges
                          .map(
                            (range) =>
                              `${formatTimeOfDay(range.opens, locale)}–${formatTimeOfDay(range.closes, locale)}`,
                          )
                          .join(", ")}
                  </span>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={hoursField.remove(day.date)}
                      defaultChecked={checked(hoursField.remove(day.date), false)}
                      className="size-5"
                    />
                    {t("manage.hours.remove")}
                    <span className="sr-only">{formatDayRange(day.date, day.date, locale)}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <fieldset className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
            <legend className="px-1 font-semibold">{t("manage.hours.newDay")}</legend>
            <p className="text-sm text-slate-600">{t("manage.hours.newDayHint")}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                id="hours-new-date"
                name="new-date"
                type="date"
                min={hours.today}
                label={t("manage.hours.date")}
                defaultValue={value("new-date", "")}
                {...problem.field("new-date")}
                problem={problem.message("new-date")}
              />
              <TextField
                id="hours-new-label"
                name="new-label"
                maxLength={SPECIAL_DAY_LABEL_LENGTH}
                label={t("manage.hours.label")}
                defaultValue={value("new-label", "")}
                {...problem.field("new-label")}
                problem={problem.message("new-label")}
              />
            </div>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="new-closed"
                defaultChecked={checked("new-closed", false)}
                className="size-5"
              />
              {t("manage.hours.newClosed")}
            </label>
            {Array.from({ length: SPECIAL_DAY_RANGES }, (_, slot) => (
              <RangeSlot
                // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions.
                key={slot}
                opens={hoursField.newOpens(slot)}
                closes={hoursField.newCloses(slot)}
                opensLabel={t("manage.hours.newOpens", { number: slot + 1 })}
                closesLabel={t("manage.hours.newCloses", { number: slot + 1 })}
                values={[
                  value(hoursField.newOpens(slot), ""),
                  value(hoursField.newCloses(slot), ""),
                ]}
                problem={problem}
              />
            ))}
          </fieldset>
        </fieldset>

        <div>
          <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-70`}>
            {t("manage.hours.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** One range: its opening and closing time side by side, each labelled for a screen reader. */
function RangeSlot({
  opens,
  closes,
  opensLabel,
  closesLabel,
  values,
  problem,
}: {
  opens: string;
  closes: string;
  opensLabel: string;
  closesLabel: string;
  values: [string, string];
  problem: ReturnType<typeof useFormProblem>;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`hours-${opens}`}>
          {opensLabel}
        </label>
        <input
          id={`hours-${opens}`}
          type="time"
          name={opens}
          defaultValue={values[0]}
          className="rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-700"
          {...problem.field(opens)}
        />
        <span aria-hidden="true">{t("manage.hours.to")}</span>
        <label className="sr-only" htmlFor={`hours-${closes}`}>
          {closesLabel}
        </label>
        <input
          id={`hours-${closes}`}
          type="time"
          name={closes}
          defaultValue={values[1]}
          className="rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-700"
          {...problem.field(closes)}
        />
      </div>
      {problem.message(opens)}
      {problem.message(closes)}
    </div>
  );
}
