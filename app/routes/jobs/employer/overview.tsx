import { getViewer } from "../../../auth/session.server.ts";
import { useT } from "../../../i18n/use-t.ts";
import { membersOf, requireEmployerMember } from "../../../jobs/employers.server.ts";
import { databaseContext } from "../../../platform/context.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";
import type { Route } from "./+types/overview";

/** An employer's overview: who acts for it and how each joined. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const actor = await requireEmployerMember(
    db,
    await getViewer(request, context),
    rowIdOrNotFound(params.id),
    request,
  );
  return { me: actor.id, members: await membersOf(db, actor.employerId) };
}

export default function EmployerOverview({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section aria-labelledby="overview-heading">
      <title>{t("employer.overview.heading")}</title>
      <h2 id="overview-heading" className="text-xl font-bold">
        {t("employer.overview.heading")}
      </h2>
      <h3 className="mt-4 font-semibold">{t("employer.overview.members")}</h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
        {loaderData.members.map((member) => (
          <li key={member.id} className="px-4 py-3">
            <span className="font-semibold">{member.name}</span>
            <span className="block text-sm text-slate-700">
              {t(`employer.overview.memberVia.${member.via}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
