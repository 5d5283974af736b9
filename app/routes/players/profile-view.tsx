import { data, redirect, useFetcher } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import { formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import {
  Achievements,
  LatestPlay,
  PlayerPicture,
  ProfileStats,
  profileViewPath,
} from "../../players/components/player-parts.tsx";
import { followFormSchema } from "../../players/follow-form.ts";
import { followPlayer, publicProfile, unfollowPlayer } from "../../players/follows.server.ts";
import type { Route } from "./+types/profile-view";

/**
 * Another player's profile, loaded on the server. One's own handle goes to /profile; an unknown
 * handle is the 404 page; a private profile says so (403) and shows nothing of the player.
 */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const locale = localeFromPath(new URL(request.url).pathname);
  const messages = pageMessages(request, "players", "quiz");
  try {
    const view = await publicProfile(context.get(databaseContext), viewer.id, params.handle);
    if (view.own) throw redirect(localizedPath("/profile", locale));
    return { profile: view.profile, messages };
  } catch (error) {
    // A private profile: the page says so. Anything else is the error page.
    if (!isAppError(error) || error.code !== "forbidden") throw error;
    return data({ profile: null, messages }, { status: error.status });
  }
}

/** Follow or Unfollow, as a plain form post; the page then shows the counts as they are. */
export const action = formAction(async ({ request, context, params, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const { intent } = await readInput(request, followFormSchema);
  const db = context.get(databaseContext);
  if (intent === "follow") await followPlayer(db, viewer.id, params.handle);
  else await unfollowPlayer(db, viewer.id, params.handle);
  // Not the request's own address: a fetcher's submission goes to its ".data" form.
  const locale = localeFromPath(new URL(request.url).pathname);
  return redirect(localizedPath(profileViewPath(params.handle), locale));
});

export default function ProfileView({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { profile } = loaderData;
  if (!profile) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <title>{t("players.privateTitle")}</title>
        <h1 className="text-3xl font-bold">{t("players.privateTitle")}</h1>
        <p className="mt-4 text-slate-700">{t("players.privateText")}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>{t("players.viewMetaTitle", { name: profile.displayName })}</title>
      <section
        aria-labelledby="profile-name"
        className="flex flex-col items-center gap-6 rounded-2xl bg-gradient-to-br from-brand-800 to-brand-700 p-6 text-white sm:flex-row sm:items-center"
      >
        <PlayerPicture player={profile} size={112} className="size-28 ring-4 ring-white/70" />
        <div className="flex-1 text-center sm:text-left">
          <h1 id="profile-name" className="text-3xl font-bold">
            {profile.displayName}
          </h1>
          <p className="mt-1 text-brand-100">{t(`playerTypes.${profile.playerType}`)}</p>
          <div className="mt-3">
            <FollowButton name={profile.displayName} following={profile.followedByMe} />
          </div>
        </div>
        <FollowCounts profile={profile} />
      </section>
      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <LatestPlay completedSets={profile.completedSets} />
        <Achievements achievements={profile.achievements} />
      </div>
    </div>
  );
}

type ShownProfile = NonNullable<Route.ComponentProps["loaderData"]["profile"]>;

/** The counts, moved by a Follow or Unfollow under way so they change at once (with JavaScript). */
function FollowCounts({ profile }: { profile: ShownProfile }) {
  const fetcher = useFetcher({ key: "follow" });
  const pending = fetcher.formData?.get("intent");
  const shift =
    pending === "follow" && !profile.followedByMe
      ? 1
      : pending === "unfollow" && profile.followedByMe
        ? -1
        : 0;
  return (
    <ProfileStats
      points={profile.points}
      playMatch={profile.playMatch}
      followers={profile.followers + shift}
      following={profile.following}
      listsOf={profile.handle}
    />
  );
}

/** A form post that works without JavaScript; with it, a fetcher that leaves the page in place. */
function FollowButton({ name, following }: { name: string; following: boolean }) {
  const t = useT();
  const fetcher = useFetcher<typeof action>({ key: "follow" });
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "follow" : following;
  const problem = fetcher.data?.problem;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={shown ? "unfollow" : "follow"} />
      <button
        type="submit"
        aria-label={t(shown ? "players.unfollowName" : "players.followName", { name })}
        className={
          shown
            ? "rounded-lg bg-white/10 px-5 py-2 font-semibold text-white ring-1 ring-white hover:bg-white/20"
            : "rounded-lg bg-white px-5 py-2 font-semibold text-brand-800 hover:bg-brand-50"
        }
      >
        {t(shown ? "players.unfollow" : "players.follow")}
      </button>
      {problem && (
        <p role="alert" className="mt-2 font-medium text-amber-200">
          {t(problem.message, problem.values)}
        </p>
      )}
    </fetcher.Form>
  );
}
