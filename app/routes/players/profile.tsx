import { useRef } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { callAuth, forwardCookies, requireViewer, type Viewer } from "../../auth/session.server.ts";
import { SavedBusinesses } from "../../directory/components/saved-businesses.tsx";
import { listSavedBusinesses } from "../../directory/saved.server.ts";
import { type Locale, localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, type FormProblem, formAction, formFailure } from "../../platform/api.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { AppError, isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import {
  deleteAccount,
  getPrivateProfile,
  replaceAvatar,
  updateSettings,
} from "../../players/account.server.ts";
import { AccountSettings, DeleteAccount } from "../../players/components/account-settings.tsx";
import {
  EditProfileDialog,
  EditProfileLink,
} from "../../players/components/edit-profile-dialog.tsx";
import {
  Achievements,
  LatestPlay,
  PlayerPicture,
  ProfileStats,
} from "../../players/components/player-parts.tsx";
import { type ProfileForm, profileFormSchema, profileIntentOf } from "../../players/schemas.ts";
import { achievementsFor } from "../../players/tiers.ts";
import { ContinueButton } from "../../quiz/components/continue-button.tsx";
import { ButtonLink, primaryButton, secondaryButton } from "../../ui/button-link.tsx";
import type { Route } from "./+types/profile";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const [profile, savedBusinesses] = await Promise.all([
    getPrivateProfile(db, viewer.id),
    listSavedBusinesses(db, viewer.id),
  ]);
  return {
    profile,
    savedBusinesses,
    messages: pageMessages(request, "players", "quiz", "auth", "directory"),
  };
}

/** One form per intent (edit, settings, delete, resend), each checked by its own schema. */
export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const raw = await readRaw(request);
  const intent = profileIntentOf(raw);
  const args = { request, context, viewer, locale: localeFromPath(new URL(request.url).pathname) };
  try {
    const form = await validate(profileFormSchema, raw);
    switch (form.intent) {
      case "edit":
        return await editProfile(args, form);
      case "settings":
        return await saveSettings(args, form);
      case "delete":
        return await removeAccount(args);
      case "resend":
        return await resendVerification(args);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { intent });
  }
});

type IntentArgs = Pick<Route.ActionArgs, "request" | "context"> & {
  viewer: Viewer;
  locale: Locale;
};

type FormOf<Intent extends ProfileForm["intent"]> = Extract<ProfileForm, { intent: Intent }>;

async function resendVerification({ request, context, viewer, locale }: IntentArgs) {
  const answer = await callAuth(request, context, "/send-verification-email", {
    email: viewer.email,
    callbackURL: `${localizedPath("/profile", locale)}?notice=email-verified`,
  });
  if (answer.status === 429) throw new AppError("too_many_requests");
  return { intent: "resend" as const, sent: answer.ok };
}

async function editProfile({ context, viewer, locale }: IntentArgs, form: FormOf<"edit">) {
  const db = context.get(databaseContext);
  if (form.picture && form.picture.size > 0) {
    await replaceAvatar(
      db,
      context.get(storageContext),
      viewer.id,
      new Uint8Array(await form.picture.arrayBuffer()),
    );
  }
  await updateSettings(db, viewer.id, { name: form.name });
  return redirect(`${localizedPath("/profile", locale)}?notice=profile-saved`);
}

async function saveSettings({ context, viewer }: IntentArgs, form: FormOf<"settings">) {
  const { locale, quizTimer, notification, profilePublic } = form;
  await updateSettings(context.get(databaseContext), viewer.id, {
    locale,
    quizTimer,
    notification,
    profilePublic,
  });
  // The page follows the language the player chose.
  return redirect(`${localizedPath("/profile", locale)}?notice=settings-saved`);
}

async function removeAccount({ request, context, viewer, locale }: IntentArgs) {
  const signOut = await callAuth(request, context, "/sign-out", {});
  await deleteAccount(context.get(databaseContext), context.get(storageContext), viewer.id);
  return redirect(`${localizedPath("/", locale)}?notice=account-deleted`, {
    headers: forwardCookies(signOut),
  });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const [search] = useSearchParams();
  const { profile } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = (intent: ProfileForm["intent"]) =>
    result?.intent === intent ? result.problem : undefined;
  // An intent the page does not know belongs to none of its forms.
  const pageProblem =
    result?.problem && !result.intent
      ? t(result.problem.message, result.problem.values)
      : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>{t("profile.metaTitle")}</title>
      {pageProblem && (
        <p role="alert" className="mb-6 rounded-lg bg-red-50 p-4 font-medium text-red-800">
          {pageProblem}
        </p>
      )}
      {!profile.emailVerified && (
        <VerifyBanner
          sent={result?.intent === "resend" && result.sent}
          problem={problem("resend")}
        />
      )}
      {search.has("edit") && (
        <EditProfileDialog name={profile.name} image={profile.image} problem={problem("edit")} />
      )}
      <section
        aria-labelledby="profile-name"
        className="flex flex-col items-center gap-6 rounded-2xl bg-gradient-to-br from-brand-800 to-brand-700 p-6 text-white sm:flex-row sm:items-center"
      >
        <PlayerPicture
          player={{ image: profile.image, displayName: profile.name }}
          size={112}
          className="size-28 ring-4 ring-white/70"
        />
        <div className="flex-1 text-center sm:text-left">
          <h1 id="profile-name" className="text-3xl font-bold">
            {profile.name}
          </h1>
          <p className="mt-1 text-brand-100">{t(`playerTypes.${profile.playerType}`)}</p>
          <p className="mt-1 text-sm text-brand-100">
            {t("profile.publicHandle", { handle: profile.handle })}
          </p>
        </div>
        <ProfileStats
          points={profile.balance}
          playMatch={profile.playMatch}
          followers={profile.followers}
          following={profile.following}
          listsOf={profile.handle}
        />
      </section>
      {/* On a phone, two columns of buttons of one size (rows as tall as the tallest, text
          centred); wider, a row at the end. */}
      <div className="mt-4 grid auto-rows-fr grid-cols-2 gap-3 text-center *:flex *:items-center *:justify-center sm:flex sm:flex-wrap sm:justify-end">
        <ButtonLink to={to("/redeem")}>{t("profile.redeem")}</ButtonLink>
        <Link to={to("/leaderboard")} className={secondaryButton}>
          {t("profile.leaderboard")}
        </Link>
        <EditProfileLink />
        <LogoutButton />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <LatestPlay
          completedSets={profile.completedSets}
          action={(category) => <ContinueButton category={category} />}
        />
        <Achievements achievements={achievementsFor(profile.points)} />
      </div>
      <SavedBusinesses businesses={loaderData.savedBusinesses} />
      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <AccountSettings
          locale={profile.locale}
          quizTimer={profile.quizTimer}
          notification={profile.notification}
          profilePublic={profile.profilePublic}
          age={profile.age}
          problem={problem("settings")}
        />
        <DeleteAccount problem={problem("delete")} />
      </div>
    </div>
  );
}

function VerifyBanner({ sent, problem }: { sent?: boolean; problem?: FormProblem }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <section
      aria-label={t("auth.verify.banner")}
      className="mb-6 flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        {sent
          ? t("auth.verify.sent")
          : problem
            ? t(problem.message, problem.values)
            : t("auth.verify.banner")}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="resend" />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-amber-800 px-4 py-2 font-semibold text-white hover:bg-amber-900 disabled:opacity-70"
        >
          {t("auth.verify.resend")}
        </button>
      </Form>
    </section>
  );
}

/**
 * Logout asks first (SPEC.md section 4). Without JavaScript the button signs out at once; with it,
 * a dialog asks, and No returns focus to the button.
 */
function LogoutButton() {
  const t = useT();
  const to = useLocalizedPath();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form
      ref={form}
      method="post"
      action={to("/logout")}
      onSubmit={(event) => {
        if (dialog.current && !dialog.current.open) {
          event.preventDefault();
          dialog.current.showModal();
        }
      }}
    >
      <button type="submit" className={`${secondaryButton} size-full`}>
        {t("auth.logout.button")}
      </button>
      {/* Inside the form, so that the buttons' row holds the form alone. */}
      <dialog
        ref={dialog}
        aria-labelledby="logout-question"
        className="m-auto rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <p id="logout-question" className="text-lg font-semibold">
          {t("auth.logout.confirm")}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-lg px-5 py-2 font-semibold ring-1 ring-slate-300"
          >
            {t("auth.logout.no")}
          </button>
          <button
            type="button"
            onClick={() => {
              form.current?.requestSubmit();
              dialog.current?.close();
            }}
            className={primaryButton}
          >
            {t("auth.logout.yes")}
          </button>
        </div>
      </dialog>
    </Form>
  );
}
