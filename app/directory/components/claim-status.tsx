import { Link } from "react-router";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";

/**
 * Who answers for a business (issue 26): "Claimed" and its owners' public names once someone
 * proved it is theirs, else the way to claim it.
 */
export function ClaimStatus({
  businessId,
  owners,
}: {
  businessId: number;
  /** The owners' public names, oldest first. */
  owners: string[];
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  if (owners.length === 0)
    return (
      <Link
        to={to(`/businesses/${businessId}/claim`)}
        className="self-start text-slate-700 underline hover:text-brand-800"
      >
        {t("claim.link")}
      </Link>
    );
  const names = new Intl.ListFormat(locale, { type: "conjunction" }).format(owners);
  return (
    <p className="flex flex-wrap items-center gap-2 text-slate-800">
      <ClaimedBadge />
      <span>{t("claim.claimedBy", { names })}</span>
    </p>
  );
}

/** "Claimed": the business page and every card draw the same mark. */
export function ClaimedBadge() {
  const t = useT();
  return (
    <span className="rounded-full bg-green-50 px-2 py-0.5 text-sm font-semibold text-green-900 ring-1 ring-green-200">
      {t("businesses.claimed")}
    </span>
  );
}
