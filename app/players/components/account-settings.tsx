import { Form } from "react-router";
import { LOCALES } from "../../i18n/locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { QUIZ_TIMERS } from "../../quiz/categories.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PUBLIC_PROFILE_MIN_AGE } from "../identity.ts";

const LANGUAGE_NAMES = { "en-CA": "language.en", "fr-CA": "language.fr" } as const;

const SETTINGS_FIELDS = ["locale", "quizTimer", "notification", "profilePublic"] as const;
const DELETE_FIELDS = ["confirm"] as const;

export function AccountSettings({
  locale,
  quizTimer,
  notification,
  profilePublic,
  age,
  problem,
}: {
  locale: string;
  quizTimer: number;
  notification: boolean;
  profilePublic: boolean;
  age: number | null;
  problem?: FormProblem;
}) {
  const t = useT();
  const { form, field, message, alert } = useFormProblem(
    problem,
    "settings-problem",
    SETTINGS_FIELDS,
  );
  const child = age === null || age < PUBLIC_PROFILE_MIN_AGE;
  // Recorded as under 14: only a parent can open the profile (the server refuses it too).
  const needsParent = age !== null && age < PUBLIC_PROFILE_MIN_AGE && !profilePublic;
  return (
    <section aria-labelledby="settings" className="rounded-2xl p-6 ring-1 ring-slate-200">
      <h2 id="settings" className="text-2xl font-bold">
        {t("profile.settings.title")}
      </h2>
      <Form method="post" className="mt-4 flex flex-col gap-5" ref={form}>
        <input type="hidden" name="intent" value="settings" />
        {alert}
        <div className="flex flex-col gap-1">
          <label htmlFor="settings-locale" className="font-medium">
            {t("profile.settings.language")}
          </label>
          <select
            id="settings-locale"
            name="locale"
            defaultValue={locale}
            className="rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-700"
            {...field("locale")}
          >
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {t(LANGUAGE_NAMES[option])}
              </option>
            ))}
          </select>
          {message("locale")}
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="font-medium">{t("profile.settings.timer")}</legend>
          <div className="mt-2 flex flex-col gap-2">
            {QUIZ_TIMERS.map((seconds) => (
              <label key={seconds} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="quizTimer"
                  value={seconds}
                  defaultChecked={quizTimer === seconds}
                  className="size-4"
                  {...field("quizTimer")}
                />
                {t(`profile.settings.timer${seconds}`)}
              </label>
            ))}
          </div>
          {message("quizTimer")}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="notification"
              defaultChecked={notification}
              className="size-4"
              {...field("notification")}
            />
            {t("profile.settings.notifications")}
          </label>
          {message("notification")}
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="profilePublic"
              defaultChecked={profilePublic}
              disabled={needsParent}
              aria-describedby={child ? "profile-public-child" : undefined}
              className="mt-1 size-4"
              {...field("profilePublic")}
            />
            {t("profile.settings.profilePublic")}
          </label>
          {child && (
            <p
              id="profile-public-child"
              className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
            >
              {t(
                needsParent
                  ? "profile.settings.parentApproval"
                  : "profile.settings.profilePublicChild",
              )}
            </p>
          )}
          {message("profilePublic")}
        </div>
        <button type="submit" className={`${primaryButton} self-start`}>
          {t("profile.settings.save")}
        </button>
      </Form>
    </section>
  );
}

/** Deleting needs the box ticked: a confirmation that works with or without JavaScript. */
export function DeleteAccount({ problem }: { problem?: FormProblem }) {
  const t = useT();
  const { form, field, message, alert } = useFormProblem(problem, "delete-problem", DELETE_FIELDS);
  return (
    <section
      aria-labelledby="delete-account"
      className="rounded-2xl bg-red-50/50 p-6 ring-1 ring-red-200"
    >
      <h2 id="delete-account" className="text-2xl font-bold text-red-900">
        {t("profile.deleteAccount.title")}
      </h2>
      <p className="mt-2 text-slate-800">{t("profile.deleteAccount.text")}</p>
      <Form method="post" className="mt-4 flex flex-col gap-4" ref={form}>
        <input type="hidden" name="intent" value="delete" />
        {alert}
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              className="mt-1 size-4"
              {...field("confirm")}
            />
            {t("profile.deleteAccount.confirm")}
          </label>
          {message("confirm")}
        </div>
        <button
          type="submit"
          className="self-start rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800"
        >
          {t("profile.deleteAccount.button")}
        </button>
      </Form>
    </section>
  );
}
