import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import type { BusinessSummary } from "../types.ts";
import { BusinessCard, BusinessGrid } from "./business-card.tsx";

/** The player's saved businesses, on their profile; each card's heart unsaves it. */
export function SavedBusinesses({ businesses }: { businesses: BusinessSummary[] }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <section aria-labelledby="saved-businesses" className="mt-10">
      <h2 id="saved-businesses" className="text-2xl font-bold">
        {t("places.savedHeading")}
      </h2>
      {businesses.length === 0 ? (
        <div className="mt-4 rounded-2xl bg-slate-50 p-6">
          <p className="text-slate-700">{t("places.savedEmpty")}</p>
          <ButtonLink to={to("/businesses")} className="mt-4">
            {t("places.browse")}
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-4">
          <BusinessGrid labelledBy="saved-businesses">
            {businesses.map((business) => (
              <li key={business.id}>
                <BusinessCard business={business} saved />
              </li>
            ))}
          </BusinessGrid>
        </div>
      )}
    </section>
  );
}
