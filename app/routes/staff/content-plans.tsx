import { formatMoney } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { staffPlans } from "../../pricing/plan-edits.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { ContentTable } from "../../staff/components/content-form.tsx";
import { CONTENT_ROLE } from "../../staff/content-write.server.ts";
import { PageLink } from "../../ui/page-link.tsx";
import type { Route } from "./+types/content-plans";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  // A handful of plans: one page, no pager.
  const plans = await staffPlans(context.get(databaseContext));
  return { plans };
}

export default function StaffPlans({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  return (
    <section>
      <title>{t("staff.content.plans.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.content.plans.heading")}</h1>
      <ContentTable
        head={[
          t("staff.content.plans.name"),
          t("staff.content.plans.monthly"),
          t("staff.content.plans.annual"),
        ]}
      >
        {loaderData.plans.map((plan) => (
          <tr key={plan.id} className="border-b border-slate-200">
            <td className="px-2 py-2">
              <PageLink
                to={to(`/staff/content/plans/${plan.id}`)}
                className="font-medium text-brand-800 underline"
              >
                {plan.name[locale]}
              </PageLink>
            </td>
            <td className="px-2 py-2">{formatMoney(plan.monthlyPriceCents, locale)}</td>
            <td className="px-2 py-2">{formatMoney(plan.annualPriceCents, locale)}</td>
          </tr>
        ))}
      </ContentTable>
    </section>
  );
}
