import { Link } from "react-router";
import { formatMoney } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { Icon } from "../../ui/icons.tsx";
import { Stars } from "../../ui/stars.tsx";
import type { BusinessSummary } from "../types.ts";
import { ClaimedBadge } from "./claim-status.tsx";
import { OpenStatus } from "./open-status.tsx";
import { SaveSlot, ShareButton } from "./place-actions.tsx";

/**
 * A listing in a grid. Spaces sit between the parts a flex row lays out side by side: the layout
 * hides them, but text read or copied as one run needs them ("Listed by A. Mehta Start From…").
 */
export function BusinessCard({
  business,
  saved,
  headingLevel = 3,
  first = false,
}: {
  business: BusinessSummary;
  /** Whether the viewer saved it (the heart's pressed state). */
  saved: boolean;
  headingLevel?: 2 | 3;
  /**
   * The first card of the results: on a phone its picture is the page's largest paint, so it is
   * fetched at once and first, not when it scrolls near.
   */
  first?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="business-card">
      <img
        src={business.image}
        alt=""
        width="400"
        height="300"
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        decoding="async"
        className="aspect-[4/3] w-full object-cover"
      />
      {/* SPEC.md: two icon buttons, share top left and save top right, above the card's link. */}
      <div className="absolute left-3 top-3">
        <ShareButton businessId={business.id} name={business.name} />
      </div>
      <div className="absolute right-3 top-3">
        <SaveSlot businessId={business.id} name={business.name} saved={saved} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800">
            {t(`categories.${business.category}`)}
          </span>{" "}
          <span className="inline-flex items-center gap-1">
            <Icon name="pin" className="size-4" />
            {business.city}, {business.province}
          </span>
          {business.claimed && (
            <>
              {" "}
              <ClaimedBadge />
            </>
          )}
        </p>
        <Heading className="text-lg font-semibold text-slate-900">
          <Link to={to(`/businesses/${business.id}`)} className="stretched-link">
            {business.name}
          </Link>
        </Heading>
        <p className="text-sm font-medium">
          <OpenStatus status={business.status} />
        </p>
        <Stars rating={business.rating} />
        <div className="mt-auto flex items-center justify-between border-t border-slate-100 pt-3">
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <img
              src={business.ownerImage}
              alt=""
              width="32"
              height="32"
              loading="lazy"
              className="size-8 rounded-full"
            />
            <span>{t("businesses.by", { name: business.ownerName })}</span>
          </p>{" "}
          <p className="text-right text-sm text-slate-600">
            {t("businesses.startFrom")}{" "}
            <span className="font-semibold text-slate-900">
              {formatMoney(business.priceFromCents, locale)}
            </span>
          </p>
        </div>
      </div>
    </article>
  );
}

/** 1, 2 or 3 columns as the screen widens. */
export function BusinessGrid({
  children,
  labelledBy,
}: {
  children: React.ReactNode;
  labelledBy?: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}
