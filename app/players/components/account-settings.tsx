import { Form } from "react-router";
import { LOCALES } from "../../i18n/locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { PUBLIC_PROFILE_MIN_AGE } from "../identity.ts";
import { QUIZ_TIMERS } from "../schemas.ts";

const LANGUAGE_NAMES = { "en-CA": "language.en", "fr-CA": "language.fr" } as const;

export function AccountSettings({
  locale,
  quizTimer,
  notification,
  profilePublic,
  age,
}: {
  locale: string;
  quizTimer: number;
  notification: boolean;
  profilePublic: boolean;
  age: number | null;
}) {
  const t = useT();
  const child = age === null || age < PUBLIC_PROFILE_MIN_AGE;
  // Recorded as under 14: only a parent can open the profile (the server refuses it too).
  const needsParent = age !== null && age < PUBLIC_PROFILE_MIN_AGE && !profilePublic;
  return (
    <section aria-labelledby="settings" className="rounded-2xl p-6 ring-1 ring-slate-200">
      <h2 id="settings" className="text-2xl font-bold">
        {t("profile.settings.title")}
      </h2>
      <Form method="post" className="mt-4 flex flex-col gap-5">
        <input type="hidden" name="intent" value="settings" />
        <div className="flex flex-col gap-1">
          <label htmlFor="settings-locale" className="font-medium">
            {t("profile.settings.language")}
          </label>
          <select
            id="settings-locale"
            name="locale"
            defaultValue={locale}
            className="rounded-lg border border-slate-300 px-3 py-2"
          >
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {t(LANGUAGE_NAMES[option])}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
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
                />
                {t(`profile.settings.timer${seconds}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="notification"
            defaultChecked={notification}
            className="size-4"
          />
          {t("profile.settings.notifications")}
        </label>
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="profilePublic"
              defaultChecked={profilePublic}
              disabled={needsParent}
              aria-describedby={child ? "profile-public-child" : undefined}
              className="mt-1 size-4"
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
        </div>
        <button type="submit" className={`${primaryButton} self-start`}>
          {t("profile.settings.save")}
        </button>
      </Form>
    </section>
  );
}

/** Deleting needs the box ticked: a confirmation that works with or without JavaScript. */
export function DeleteAccount({ problem }: { problem?: string }) {
  const t = useT();
  return (
    <section
      aria-labelledby="delete-account"
      className="rounded-2xl bg-red-50/50 p-6 ring-1 ring-red-200"
    >
      <h2 id="delete-account" className="text-2xl font-bold text-red-900">
        {t("profile.deleteAccount.title")}
      </h2>
      <p className="mt-2 text-slate-800">{t("profile.deleteAccount.text")}</p>
      <Form method="post" className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="delete" />
        {problem && (
          <p role="alert" className="font-medium text-red-800">
            {problem}
          </p>
        )}
        <label className="flex items-start gap-2">
          <input type="checkbox" name="confirm" value="yes" required className="mt-1 size-4" />
          {t("profile.deleteAccount.confirm")}
        </label>
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
