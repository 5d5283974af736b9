import { data, Link } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { PlayerPicture, profileViewPath } from "../../players/components/player-parts.tsx";
import { type FollowList, followList } from "../../players/follows.server.ts";
import { followListQuerySchema } from "../../players/leaderboard-query.ts";
import type { Route } from "./+types/follow-list";

/** The list this address names: /profile-view/{handle}/followers or …/following. */
function listOf(url: URL): FollowList {
  return url.pathname.endsWith("/following") ? "following" : "followers";
}

/**
 * A player's followers or the players they follow: public profiles only, by name, a page at a
 * time. Another player's lists need a public profile; an unknown handle is the 404 page.
 */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const { cursor } = await readInput(request, followListQuerySchema);
  const messages = pageMessages(request, "players");
  try {
    const page = await followList(
      context.get(databaseContext),
      viewer.id,
      params.handle,
      listOf(url),
      cursor,
    );
    return { page, own: params.handle === viewer.handle, paged: cursor !== undefined, messages };
  } catch (error) {
    // A private profile's lists: the page says so. Anything else is the error page.
    if (!isAppError(error) || error.code !== "forbidden") throw error;
    return data({ page: null, own: false, paged: false, messages }, { status: error.status });
  }
}

export default function FollowListPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { page, own, paged } = loaderData;
  if (!page) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <title>{t("players.privateTitle")}</title>
        <h1 className="text-3xl font-bold">{t("players.privateTitle")}</h1>
        <p className="mt-4 text-slate-700">{t("players.privateText")}</p>
      </div>
    );
  }
  const name = page.owner.displayName;
  const base = to(`/profile-view/${encodeURIComponent(page.owner.handle)}/${page.list}`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>
        {t(
          page.list === "followers" ? "players.lists.metaFollowers" : "players.lists.metaFollowing",
          {
            name,
          },
        )}
      </title>
      <p>
        <Link
          to={to(own ? "/profile" : profileViewPath(page.owner.handle))}
          className="font-semibold text-brand-800 underline"
        >
          {name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">
        {t(page.list === "followers" ? "players.lists.followers" : "players.lists.following", {
          name,
        })}
      </h1>
      <p className="mt-2 text-slate-700">{t("players.lists.publicOnly")}</p>
      {page.players.length === 0 ? (
        <p className="mt-6">
          {page.privateCount > 0
            ? t("players.lists.privateOnly", { count: page.privateCount })
            : t("players.lists.empty")}
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {page.players.map((player) => (
            <li key={player.handle}>
              <Link
                to={to(profileViewPath(player.handle))}
                className="flex items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50"
              >
                <PlayerPicture player={player} size={48} className="size-12" decorative />
                <span className="font-medium">{player.displayName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page.players.length > 0 && !page.nextCursor && page.privateCount > 0 && (
        // After the last public player: the profile's count includes the private ones.
        <p className="mt-3 text-slate-700">
          {t("players.lists.privateMore", { count: page.privateCount })}
        </p>
      )}
      <nav aria-label={t("leaderboard.pages")} className="mt-6 flex gap-3">
        {page.nextCursor && (
          <Link
            to={`${base}?cursor=${encodeURIComponent(page.nextCursor)}`}
            rel="next"
            className="rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700"
          >
            {t("players.lists.next")}
          </Link>
        )}
        {paged && (
          <Link
            to={base}
            className="rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700"
          >
            {t("players.lists.first")}
          </Link>
        )}
      </nav>
    </div>
  );
}
