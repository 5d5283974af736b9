import { formatDayRange } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { BusinessDetail } from "../types.ts";

/**
 * A listing's promotion, as its page shows it on the days it runs (the loader leaves it out on
 * others). Every promotion of the site is drawn here, so a rule about who may see promotions
 * wraps this one component.
 */
export function Promotion({ promo }: { promo: NonNullable<BusinessDetail["promo"]> }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section
      aria-labelledby="promo"
      className="mt-10 grid overflow-hidden rounded-2xl bg-accent-500/10 ring-1 ring-accent-500/30 md:grid-cols-2"
    >
      <img
        src={promo.image}
        alt=""
        width="640"
        height="360"
        loading="lazy"
        className="aspect-video w-full object-cover"
      />
      <div className="p-6">
        <h2 id="promo" className="text-sm font-semibold uppercase tracking-wide text-accent-700">
          {t("business.promo")}
        </h2>
        <p className="mt-2 text-2xl font-bold">{promo.title[locale]}</p>
        <p className="mt-2 text-slate-800">{promo.description[locale]}</p>
        {promo.endsOn && (
          <p className="mt-2 text-sm font-medium text-slate-700">
            {t("business.promoUntil", { date: formatDayRange(promo.endsOn, promo.endsOn, locale) })}
          </p>
        )}
      </div>
    </section>
  );
}
