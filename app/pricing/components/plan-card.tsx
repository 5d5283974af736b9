import { Link } from "react-router";
import { formatMoney } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { type Billing, priceFor } from "../billing.ts";
import type { Plan } from "../types.ts";

/** The link that opens a plan's request form; the form gives the focus back to it. */
export const selectPlanId = (slug: string) => `select-${slug}`;

/**
 * A plan: its name, what it includes, its full price for the billing period (per month or per
 * year, what paying yearly saves, taxes extra) and 'Select Plan'.
 */
export function PlanCard({ plan, billing }: { plan: Plan; billing: Billing }) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const headingId = `plan-${plan.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ${
        plan.recommended ? "ring-2 ring-brand-700" : "ring-1 ring-slate-200"
      }`}
    >
      {plan.recommended && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
          {t("pricing.recommended")}
        </p>
      )}
      <h2 id={headingId} className="text-2xl font-bold">
        {plan.name[locale]}
      </h2>
      <p className="mt-2 text-slate-700">{plan.summary[locale]}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-bold text-slate-900">
          {formatMoney(priceFor(plan, billing), locale)}
        </span>{" "}
        <span className="text-slate-700">
          {billing === "annual" ? t("pricing.perYear") : t("pricing.perMonth")}
        </span>
      </p>
      {billing === "annual" && plan.annualSavingsCents > 0 && (
        <p className="mt-1 font-semibold text-brand-800">
          {t("pricing.saves", { amount: formatMoney(plan.annualSavingsCents, locale) })}
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600">{t("pricing.taxesExtra")}</p>
      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t("pricing.features")}
      </h3>
      <ul className="mt-3 flex-1 space-y-2">
        {plan.features[locale].map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-brand-700">
              ✓
            </span>
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Link
        id={selectPlanId(plan.slug)}
        to={`${to("/pricing")}?${new URLSearchParams({ billing, plan: plan.slug })}#plan-request`}
        preventScrollReset
        className={`${plan.recommended ? primaryButton : `${primaryButton} bg-slate-800 hover:bg-slate-900`} mt-8 text-center`}
      >
        {t("pricing.selectPlan")}
        <span className="sr-only">, {plan.name[locale]}</span>
      </Link>
    </article>
  );
}
