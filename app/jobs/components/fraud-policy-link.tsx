import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";

/** The link to the policy against fraudulent postings, on every job page and the report form. */
export function FraudPolicyLink() {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <p className="mt-3">
      <Link to={to("/jobs/fraud-policy")} className="text-slate-700 underline">
        {t("jobs.fraudPolicy.link")}
      </Link>
    </p>
  );
}
