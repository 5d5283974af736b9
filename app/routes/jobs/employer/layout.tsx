import { Outlet } from "react-router";
import { getViewer } from "../../../auth/session.server.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { EMPLOYER_SECTIONS, employerHref } from "../../../jobs/employer-nav.ts";
import { managedEmployer, requireEmployerMember } from "../../../jobs/employers.server.ts";
import { databaseContext } from "../../../platform/context.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";
import { SectionNav } from "../../../ui/section-nav.tsx";
import type { Route } from "./+types/layout";

/**
 * The frame of an employer's own pages: its members and staff only, everyone else the site's 404.
 * Each page checks the actor again in its own loader and action (a layout's loader does not guard
 * its children's actions).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const employerId = rowIdOrNotFound(params.id);
  const db = context.get(databaseContext);
  const actor = await requireEmployerMember(
    db,
    await getViewer(request, context),
    employerId,
    request,
  );
  return {
    employer: await managedEmployer(db, employerId),
    role: actor.role,
    messages: pageMessages(request, "employer"),
  };
}

export default function EmployerLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { employer, role } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <meta name="robots" content="noindex" />
      <header className="border-b border-slate-200 pb-4">
        <h1 className="text-2xl font-bold">{t("employer.title", { name: employer.name })}</h1>
        <p className="mt-1 text-sm text-slate-700">{t(`employer.role.${role}`)}</p>
        <p
          className={`mt-2 rounded-lg p-3 text-sm ring-1 ${
            employer.verified
              ? "bg-green-50 text-green-900 ring-green-200"
              : "bg-amber-50 text-amber-900 ring-amber-200"
          }`}
        >
          {employer.verified
            ? t("employer.status.verified")
            : employer.rejectionReason !== null
              ? t("employer.status.rejected", { reason: employer.rejectionReason })
              : t("employer.status.pending")}
        </p>
      </header>
      <SectionNav
        label={t("employer.nav.label")}
        links={EMPLOYER_SECTIONS.map((section) => ({
          href: to(employerHref(employer.id, section.path)),
          label: t(section.label),
        }))}
      />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
