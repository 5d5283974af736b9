import { z } from "zod";
import { formatDate } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";

import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { pageOf } from "../../platform/query.ts";
import { openPlanRequests } from "../../pricing/staff.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { WaitingList } from "../../staff/components/waiting-list.tsx";
import { afterParameter, positionCodec, STAFF_PAGE_SIZE } from "../../staff/position.ts";
import type { Route } from "./+types/plans";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { after } = await readInput(request, z.object({ after: afterParameter }));
  const locale = localeFromPath(new URL(request.url).pathname);
  const rows = await openPlanRequests(context.get(databaseContext), {
    after: after ?? null,
    limit: STAFF_PAGE_SIZE + 1,
  });
  const { items, next } = pageOf(rows, STAFF_PAGE_SIZE, (last) =>
    positionCodec.encode({ at: last.createdAt, id: last.id }),
  );
  return {
    requests: items.map((row) => ({
      id: row.id,
      business: row.businessName,
      plan: row.plan[locale],
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    next,
  };
}

export default function StaffPlans({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  return (
    <WaitingList
      rows={loaderData.requests.map((request) => ({
        id: request.id,
        href: to(`/staff/plans/${request.id}`),
        title: t("staff.plans.title", { id: request.id, business: request.business }),
        details: [
          request.plan,
          t(`staff.plans.status.${request.status}`),
          t("staff.plans.received", { date: formatDate(request.createdAt, locale) }),
        ],
      }))}
      next={loaderData.next}
      labels={{
        metaTitle: "staff.plans.metaTitle",
        heading: "staff.plans.heading",
        empty: "staff.plans.empty",
        next: "staff.plans.next",
      }}
    />
  );
}
