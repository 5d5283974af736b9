import { Link } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { formatNumber } from "../../i18n/format.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { PlayerPicture, profileViewPath } from "../../players/components/player-parts.tsx";
import { leaderboardPage, ownStanding } from "../../players/leaderboard.server.ts";
import { leaderboardQuerySchema } from "../../players/leaderboard-query.ts";
import { Pager } from "../../ui/pager.tsx";
import type { Route } from "./+types/leaderboard";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const { page } = await readInput(request, leaderboardQuerySchema);
  const [board, me] = await Promise.all([leaderboardPage(db, page), ownStanding(db, viewer)]);
  return { board, me, myHandle: viewer.handle, messages: pageMessages(request, "players") };
}

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { board, me, myHandle } = loaderData;
  const number = (value: number) => formatNumber(value, locale);
  const pageHref = (page: number) => `${to("/leaderboard")}?page=${page}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>{t("leaderboard.metaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("leaderboard.title")}</h1>
      <p className="mt-2 text-slate-700">{t("leaderboard.intro")}</p>
      {me && (
        <section
          aria-label={t("leaderboard.you", { rank: number(me.rank), percent: me.topPercent })}
          className="mt-6 flex flex-col gap-3 rounded-2xl bg-gradient-to-br from-brand-800 to-brand-700 p-5 text-white sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-xl font-bold">
            {t("leaderboard.you", { rank: number(me.rank), percent: me.topPercent })}
            <span className="block text-base font-normal text-brand-100">
              {t("leaderboard.yourPoints", { points: number(me.points) })}
            </span>
          </p>
          {me.page !== board.page && (
            <Link
              to={`${pageHref(me.page)}#me`}
              className="rounded-lg bg-white px-4 py-2 text-center font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t("leaderboard.yourPage", { page: number(me.page) })}
            </Link>
          )}
        </section>
      )}
      {board.rows.length === 0 ? (
        <p className="mt-8 text-slate-700">{t("leaderboard.empty")}</p>
      ) : (
        <>
          <table className="mt-8 hidden w-full text-left md:table">
            <caption id="leaderboard-caption" className="sr-only">
              {t("leaderboard.caption", { page: number(board.page), pages: number(board.pages) })}
            </caption>
            <thead className="border-b border-slate-300 text-sm text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("leaderboard.rank")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  <span className="sr-only">{t("leaderboard.picture")}</span>
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("leaderboard.name")}
                </th>
                <th scope="col" className="hidden py-2 pr-3 lg:table-cell">
                  {t("leaderboard.playerType")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t("leaderboard.points")}
                </th>
                <th scope="col" className="py-2 text-right">
                  <span className="sr-only">{t("leaderboard.view")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((row) => {
                const mine = row.handle === myHandle;
                return (
                  <tr
                    key={row.handle}
                    id={mine ? "me" : undefined}
                    className={`leaderboard-row border-b border-slate-200 ${mine ? "bg-amber-50" : ""}`}
                  >
                    <td className="py-3 pr-3 font-bold">{number(row.rank)}</td>
                    <td className="py-3 pr-3">
                      <PlayerPicture player={row} size={40} className="size-10" />
                    </td>
                    <th scope="row" className="py-3 pr-3 font-medium">
                      {row.displayName}
                      {mine && (
                        <>
                          {" "}
                          <span className="ml-1 text-sm text-slate-700">({t("players.you")})</span>
                        </>
                      )}
                    </th>
                    <td className="hidden py-3 pr-3 text-slate-700 lg:table-cell">
                      {t(`playerTypes.${row.playerType}`)}
                    </td>
                    <td className="py-3 pr-3 text-right font-semibold">{number(row.points)}</td>
                    <td className="py-3 text-right">
                      {row.profilePublic && !mine ? (
                        <Link
                          to={to(profileViewPath(row.handle))}
                          aria-label={t("leaderboard.viewName", { name: row.displayName })}
                          className="rounded-lg px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
                        >
                          {t("leaderboard.view")}
                        </Link>
                      ) : mine ? (
                        <Link
                          to={to("/profile")}
                          className="rounded-lg px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
                        >
                          {t("leaderboard.view")}
                          <span className="sr-only"> {row.displayName}</span>
                        </Link>
                      ) : (
                        <span className="text-sm text-slate-700">
                          {t("leaderboard.privateRow")}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <ol className="mt-6 flex flex-col gap-2 md:hidden" aria-labelledby="leaderboard-caption">
            {board.rows.map((row) => {
              const mine = row.handle === myHandle;
              const content = (
                <>
                  <span className="w-10 shrink-0 text-lg font-bold">
                    <span className="sr-only">{t("leaderboard.rank")} </span>
                    {number(row.rank)}
                  </span>
                  <PlayerPicture player={row} size={40} className="size-10" decorative />
                  <span className="min-w-0 flex-1 truncate font-medium">
                    {row.displayName}
                    {mine && (
                      <span className="ml-1 text-sm text-slate-700">({t("players.you")})</span>
                    )}
                  </span>
                  <span className="font-semibold">
                    {t("leaderboard.yourPoints", { points: number(row.points) })}
                  </span>
                </>
              );
              const box = `flex items-center gap-3 rounded-xl px-3 py-2 ring-1 ${mine ? "bg-amber-50 ring-amber-400" : "ring-slate-200"}`;
              return (
                <li
                  key={row.handle}
                  id={mine ? "me-compact" : undefined}
                  className="leaderboard-row"
                >
                  {row.profilePublic || mine ? (
                    <Link
                      to={to(mine ? "/profile" : profileViewPath(row.handle))}
                      className={`${box} hover:bg-slate-50`}
                    >
                      {content}
                    </Link>
                  ) : (
                    <div className={box}>{content}</div>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
      <Pager page={board.page} pages={board.pages} href={pageHref} label={t("leaderboard.pages")} />
    </div>
  );
}
