import { useT } from "../../i18n/use-t.ts";
import type { AlertFilters } from "../alert-filters.ts";

/** An alert's filters as a short list, "Any" where a filter is empty. */
export function AlertFiltersList({ filters }: { filters: AlertFilters }) {
  const t = useT();
  const any = t("jobs.alerts.any");
  const rows: [string, string][] = [
    [t("jobs.search.keywords"), filters.keywords || any],
    [t("jobs.search.location"), filters.location || any],
    [
      t("jobs.filters.employerType"),
      filters.employerTypes
        .map((value) => t(`jobs.employerTypes.${value as "direct"}`))
        .join(", ") || any,
    ],
    [
      t("jobs.filters.workSettings"),
      filters.workSettings.map((value) => t(`jobs.workSettings.${value as "onsite"}`)).join(", ") ||
        any,
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-4">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
