import { Link, Outlet } from "react-router";
import { getViewer } from "../../../auth/session.server.ts";
import { MANAGE_SECTIONS, manageHref } from "../../../directory/manage-nav.ts";
import { managedListing, requireBusinessManager } from "../../../directory/owners.server.ts";
import { parseBusinessId } from "../../../directory/search.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { databaseContext } from "../../../platform/context.ts";
import { AppError } from "../../../platform/errors.ts";
import { SectionNav } from "../../../ui/section-nav.tsx";
import type { Route } from "./+types/layout";

/**
 * The frame of a listing's manage pages: its owners and staff only, everyone else the site's 404.
 * Each page checks the manager again in its own loader and action (a layout's loader does not
 * guard its children's actions).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const manager = await requireBusinessManager(
    db,
    await getViewer(request, context),
    businessId,
    request,
  );
  return {
    listing: await managedListing(db, businessId),
    role: manager.role,
    messages: pageMessages(request, "manage"),
  };
}

export default function ManageLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { listing, role } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <meta name="robots" content="noindex" />
      <header className="border-b border-slate-200 pb-4">
        <h1 className="text-2xl font-bold">{t("manage.title", { name: listing.name })}</h1>
        <p className="mt-1 text-sm text-slate-700">{t(`manage.role.${role}`)}</p>
        {listing.hidden && (
          <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {t("manage.hidden")}
          </p>
        )}
        <p className="mt-2">
          <Link
            className="font-semibold text-brand-800 underline"
            to={to(`/businesses/${listing.id}`)}
          >
            {t("manage.publicPage")}
          </Link>
        </p>
      </header>
      <SectionNav
        label={t("manage.nav.label")}
        links={MANAGE_SECTIONS.map((section) => ({
          href: to(manageHref(listing.id, section.path)),
          label: t(section.label),
        }))}
      />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
