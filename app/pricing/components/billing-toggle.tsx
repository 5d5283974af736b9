import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { BILLINGS, type Billing } from "../billing.ts";

/**
 * Monthly or Annually: two links (`?billing=monthly`, `?billing=annual`), so the toggle works
 * before and without JavaScript; the current one is marked.
 */
export function BillingToggle({ billing }: { billing: Billing }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    // biome-ignore lint/a11y/useSemanticElements: links, not form controls; a fieldset groups controls.
    <div
      role="group"
      aria-label={t("pricing.billing.label")}
      className="inline-flex rounded-full bg-white/10 p-1 ring-1 ring-white/30"
    >
      {BILLINGS.map((option) => (
        <Link
          key={option}
          to={to(`/pricing?billing=${option}`)}
          replace
          preventScrollReset
          aria-current={option === billing ? "true" : undefined}
          className={`rounded-full px-5 py-2 font-semibold ${
            option === billing ? "bg-white text-brand-900" : "text-white hover:bg-white/10"
          }`}
        >
          {t(`pricing.billing.${option}`)}
        </Link>
      ))}
    </div>
  );
}
