import { formatNumber } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { staffGoals } from "../../players/goal-edits.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { ContentTable } from "../../staff/components/content-form.tsx";
import { CONTENT_ROLE } from "../../staff/content-write.server.ts";
import { PageLink } from "../../ui/page-link.tsx";
import type { Route } from "./+types/content-goals";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  // A few goals: one page, no pager.
  const goals = await staffGoals(context.get(databaseContext));
  return { goals };
}

export default function StaffGoals({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  return (
    <section>
      <title>{t("staff.content.goals.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.content.goals.heading")}</h1>
      <ContentTable head={[t("staff.content.goals.name"), t("staff.content.goals.cost")]}>
        {loaderData.goals.map((goal) => (
          <tr key={goal.id} className="border-b border-slate-200">
            <td className="px-2 py-2">
              <PageLink
                to={to(`/staff/content/goals/${goal.id}`)}
                className="font-medium text-brand-800 underline"
              >
                {goal.name[locale]}
              </PageLink>
            </td>
            <td className="px-2 py-2">{formatNumber(goal.cost, locale)}</td>
          </tr>
        ))}
      </ContentTable>
    </section>
  );
}
