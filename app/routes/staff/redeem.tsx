import { z } from "zod";
import { formatDate, formatNumber } from "../../i18n/format.ts";
import { localeFromPath } from "../../i18n/locale.ts";

import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { pageOf } from "../../platform/query.ts";
import { pendingRedeemRequests } from "../../players/staff.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { WaitingList } from "../../staff/components/waiting-list.tsx";
import { afterParameter, positionCodec, STAFF_PAGE_SIZE } from "../../staff/position.ts";
import type { Route } from "./+types/redeem";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const { after } = await readInput(request, z.object({ after: afterParameter }));
  const locale = localeFromPath(new URL(request.url).pathname);
  const rows = await pendingRedeemRequests(context.get(databaseContext), {
    after: after ?? null,
    limit: STAFF_PAGE_SIZE + 1,
  });
  const { items, next } = pageOf(rows, STAFF_PAGE_SIZE, (last) =>
    positionCodec.encode({ at: last.createdAt, id: last.id }),
  );
  return {
    requests: items.map((row) => ({
      id: row.id,
      goal: row.goal[locale],
      cost: row.cost,
      handle: row.handle,
      createdAt: row.createdAt.toISOString(),
    })),
    next,
  };
}

export default function StaffRedeem({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  return (
    <WaitingList
      rows={loaderData.requests.map((request) => ({
        id: request.id,
        href: to(`/staff/redeem/${request.id}`),
        title: t("staff.redeem.title", { id: request.id, goal: request.goal }),
        details: [
          t("staff.redeem.points", { points: formatNumber(request.cost, locale) }),
          request.handle,
          t("staff.redeem.waiting", { date: formatDate(request.createdAt, locale) }),
        ],
      }))}
      next={loaderData.next}
      labels={{
        metaTitle: "staff.redeem.metaTitle",
        heading: "staff.redeem.heading",
        empty: "staff.redeem.empty",
        next: "staff.redeem.next",
      }}
    />
  );
}
