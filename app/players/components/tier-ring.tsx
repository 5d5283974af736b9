import { formatNumber } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { RING_CIRCUMFERENCE, type TierProgress } from "../tiers.ts";

/**
 * The tier ring: progress toward the next tier on a circle of circumference 282.74 (r = 45), with
 * 'N Points Away' in its middle, or, at the top tier, that it is reached. Then the tiers, each
 * unlocked or not.
 */
export function TierRing({ progress }: { progress: TierProgress }) {
  const t = useT();
  const locale = useLocale();
  const percent = Math.round(progress.fraction * 100);
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div className="relative size-40 shrink-0">
        <svg
          viewBox="0 0 100 100"
          className="size-40 -rotate-90"
          role="img"
          aria-label={
            progress.next
              ? t("redeem.tierRing", { tier: progress.next.id, percent })
              : t("redeem.topTier")
          }
        >
          <circle cx="50" cy="50" r="45" fill="none" stroke="#e2e8f0" strokeWidth="8" />
          <circle
            cx="50"
            cy="50"
            r="45"
            fill="none"
            stroke="#f97360"
            strokeWidth="8"
            strokeLinecap="round"
            strokeDasharray={RING_CIRCUMFERENCE}
            strokeDashoffset={progress.dashOffset}
            data-testid="tier-ring-progress"
          />
        </svg>
        <p className="absolute inset-0 flex flex-col items-center justify-center px-4 text-center">
          {progress.next ? (
            <>
              <span className="text-lg font-bold leading-tight">
                {t("redeem.pointsAway", { points: formatNumber(progress.next.away, locale) })}
              </span>
              <span className="text-sm text-slate-700">
                {t("redeem.nextTier", { tier: progress.next.id })}
              </span>
            </>
          ) : (
            <span className="font-bold leading-tight">{t("redeem.topTier")}</span>
          )}
        </p>
      </div>
      <div>
        <h2 className="text-lg font-bold">{t("redeem.tiers")}</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {progress.tiers.map((tier) => (
            <li
              key={tier.id}
              className={
                tier.unlocked
                  ? "rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white"
                  : "rounded-full border border-dashed border-slate-400 px-3 py-1 text-sm text-slate-700"
              }
            >
              {tier.unlocked && <span aria-hidden="true">✓ </span>}
              <span className="sr-only">
                {t(tier.unlocked ? "redeem.tierUnlocked" : "redeem.tierLocked", {
                  tier: tier.id,
                  points: formatNumber(tier.points, locale),
                })}
              </span>
              <span aria-hidden="true">{tier.id}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 max-w-sm text-sm text-slate-700">{t("redeem.tiersHelp")}</p>
      </div>
    </div>
  );
}
