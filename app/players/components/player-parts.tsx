import { Link } from "react-router";
import { formatNumber } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { QUIZ_CATEGORIES, type QuizCategory } from "../../quiz/categories.ts";
import { ProgressBar } from "../../ui/progress-bar.tsx";
import type { PublicIdentity } from "../identity.ts";
import { progressPercent } from "../progress.ts";
import type { AchievementKey } from "../tiers.ts";

const DEFAULT_PICTURE = "/images/avatar-default.svg";

/** A player's picture as others see it: the default one for a private profile. */
export function PlayerPicture({
  player,
  size,
  className = "",
  decorative = false,
}: {
  player: Pick<PublicIdentity, "image" | "displayName">;
  size: number;
  className?: string;
  /** Beside the player's name already: no text of its own. */
  decorative?: boolean;
}) {
  const t = useT();
  return (
    <img
      src={player.image ?? DEFAULT_PICTURE}
      alt={decorative ? "" : t("profile.picture", { name: player.displayName })}
      width={size}
      height={size}
      loading="lazy"
      className={`shrink-0 rounded-full bg-white object-cover ${className}`}
    />
  );
}

/** The address of a public profile's view. */
export function profileViewPath(handle: string) {
  return `/profile-view/${encodeURIComponent(handle)}/s`;
}

/** "Latest Play": a bar per category, with `action` beside each (the own profile's Continue). */
export function LatestPlay({
  completedSets,
  action,
}: {
  completedSets: Record<string, number>;
  action?: (category: QuizCategory) => React.ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="latest-play">
      <h2 id="latest-play" className="text-2xl font-bold">
        {t("profile.latestPlay")}
      </h2>
      <ul className="mt-4 space-y-4">
        {QUIZ_CATEGORIES.map((category) => {
          // A category with no progress row was never played: not the same as 0 % of it.
          const played = completedSets[category] !== undefined;
          const percent = progressPercent(completedSets[category] ?? 0);
          return (
            <li key={category}>
              <div className="flex items-center justify-between gap-3 text-sm font-medium">
                <span id={`progress-${category}`} className="flex-1">
                  {t(`quizCategories.${category}`)}
                </span>
                <span className={played ? undefined : "text-slate-600"}>
                  {played ? `${formatNumber(percent, locale)} %` : t("profile.notPlayed")}
                </span>
                {action?.(category)}
              </div>
              <ProgressBar
                value={percent}
                aria-labelledby={`progress-${category}`}
                aria-valuetext={played ? undefined : t("profile.notPlayed")}
                fill="brand"
                className="mt-1 h-3"
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Earned achievements stand out; the others say how many points they still need. */
export function Achievements({
  achievements,
}: {
  achievements: { key: AchievementKey; points: number; earned: boolean; missing: number }[];
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="achievements">
      <h2 id="achievements" className="text-2xl font-bold">
        {t("profile.achievements")}
      </h2>
      <ul className="mt-4 space-y-3">
        {achievements.map((achievement) => (
          <li
            key={achievement.key}
            className={
              achievement.earned
                ? "flex items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 ring-2 ring-amber-500"
                : "flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3 text-slate-700 ring-1 ring-slate-200"
            }
          >
            <span className="flex items-center gap-2 font-medium">
              <span aria-hidden="true">{achievement.earned ? "★" : "☆"}</span>
              {t(`achievements.${achievement.key}`)}
            </span>
            <span className="text-right text-sm">
              {t("profile.achievementPoints", {
                points: formatNumber(achievement.points, locale),
              })}
              <br />
              <span className={achievement.earned ? "font-semibold text-amber-900" : ""}>
                {achievement.earned
                  ? t("profile.achievementEarned")
                  : t("profile.achievementMissing", {
                      points: formatNumber(achievement.missing, locale),
                    })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The profile card's figures: points, matches, and the follow counts, each count a link to its
 * list (`listsOf`: the handle whose lists they are).
 */
export function ProfileStats({
  points,
  playMatch,
  followers,
  following,
  listsOf,
}: {
  points: number;
  playMatch: number;
  followers: number;
  following: number;
  listsOf: string;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const box = "block rounded-xl bg-white/10 px-4 py-3";
  return (
    <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
      {(
        [
          ["points", points],
          ["playMatch", playMatch],
          ["followers", followers],
          ["following", following],
        ] as const
      ).map(([key, value]) =>
        key === "followers" || key === "following" ? (
          // The whole box opens the list: its label is in the link, and in the term for readers.
          <div key={key}>
            <dt className="sr-only">{t(`profile.${key}`)}</dt>
            <dd>
              <Link
                to={`${to(`/profile-view/${encodeURIComponent(listsOf)}/${key}`)}`}
                className={`${box} hover:bg-white/20`}
              >
                <span className="block text-sm text-brand-100">{t(`profile.${key}`)}</span>
                <span className="block text-2xl font-bold">{formatNumber(value, locale)}</span>
              </Link>
            </dd>
          </div>
        ) : (
          <div key={key} className={box}>
            <dt className="text-sm text-brand-100">{t(`profile.${key}`)}</dt>
            <dd className="text-2xl font-bold">{formatNumber(value, locale)}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
