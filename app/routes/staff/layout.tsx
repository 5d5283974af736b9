import { Outlet } from "react-router";
import { pageMessagesWithScripts } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { requireStaffSettingUp } from "../../staff/access.server.ts";
import { STAFF_SECTIONS } from "../../staff/nav.ts";
import { hasRole } from "../../staff/roles.ts";
import { WITHOUT_SCRIPTS } from "../../ui/page-scripts.ts";
import { SectionNav } from "../../ui/section-nav.tsx";
import type { Route } from "./+types/layout";

// Every console page is a server-rendered form or link that works without a script: the console
// sends none (decision 0077), which saves each page the hydration data and the bundle.
export const handle = WITHOUT_SCRIPTS;

export async function loader({ request, context }: Route.LoaderArgs) {
  // Not requireStaff: the frame is also around the two-factor set-up, where that would send the
  // member back to the set-up. Until two-factor is on, it shows no sections to go to.
  const { actor: staff, twoFactorEnabled } = await requireStaffSettingUp({ request, context });
  return {
    staff: { name: staff.name, role: staff.role },
    sections: twoFactorEnabled
      ? STAFF_SECTIONS.filter((section) => hasRole(staff.role, section.role))
      : [],
    messages: pageMessagesWithScripts({ request, context }, "staff"),
  };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { staff, sections } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <meta name="robots" content="noindex" />
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-4">
        <p className="text-xl font-bold">{t("staff.console")}</p>
        <p className="text-sm text-slate-700">
          {t("staff.signedInAs", { name: staff.name, role: t(`staff.roles.${staff.role}`) })}
        </p>
      </header>
      {sections.length > 0 && (
        <SectionNav
          label={t("staff.nav.label")}
          links={sections.map((section) => ({
            href: to(section.path),
            label: t(section.label),
          }))}
        />
      )}
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
