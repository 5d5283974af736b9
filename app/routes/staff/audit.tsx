import { Form, Link } from "react-router";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { type AuditFilter, auditPage, auditQuerySchema } from "../../staff/audit.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import type { Route } from "./+types/audit";

const AUDIT_PAGE_SIZE = 50;

/** The audit trail, newest first and filtered (issue 25): admins only, moderators get the 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, "admin");
  const { cursor, ...filter } = await readInput(request, auditQuerySchema);
  const page = await auditPage(context.get(databaseContext), filter, {
    cursor,
    limit: AUDIT_PAGE_SIZE,
  });
  return { filter, ...page, paged: cursor !== undefined, messages: pageMessages(request, "staff") };
}

const FILTERS = ["actor", "action", "targetKind", "targetId", "from", "to"] as const;

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { filter, rows, next, paged } = loaderData;
  const base = to("/staff/audit");
  const address = (query: Partial<AuditFilter> & { cursor?: string }) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return search ? `${base}?${search}` : base;
  };
  const link = "text-brand-800 underline";
  const chip = "rounded-lg px-3 py-2 font-semibold ring-1 ring-slate-300 hover:bg-slate-50";
  return (
    <section>
      <title>{t("staff.audit.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.audit.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("staff.audit.intro")}</p>
      <Form method="get" className="mt-4 rounded-xl p-4 ring-1 ring-slate-200">
        <fieldset>
          <legend className="font-semibold">{t("staff.audit.filters")}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {FILTERS.map((name) => (
              <label key={name} className="flex flex-col gap-1">
                <span className="text-sm font-medium">{t(`staff.audit.${name}`)}</span>
                <input
                  name={name}
                  type={name === "from" || name === "to" ? "date" : "text"}
                  defaultValue={filter[name] ?? ""}
                  className="rounded-lg border border-slate-400 px-3 py-2"
                />
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton}>
            {t("staff.audit.apply")}
          </button>
          <Link to={base} className={link}>
            {t("staff.audit.clear")}
          </Link>
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6">{t("staff.audit.empty")}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                {(
                  ["at", "who", "role", "action", "target", "change", "reason", "address"] as const
                ).map((column) => (
                  <th key={column} scope="col" className="py-2 pr-3">
                    {t(`staff.audit.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {row.at.slice(0, 19).replace("T", " ")}
                  </td>
                  <td className="py-2 pr-3">
                    <Link to={address({ actor: row.actorId })} className={link}>
                      {row.actorName ??
                        (row.actorId === "cli" ? t("staff.audit.commandLine") : row.actorId)}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{row.actorRole}</td>
                  <td className="py-2 pr-3">
                    <Link to={address({ action: row.action })} className={link}>
                      {row.action}
                    </Link>
                  </td>
                  <td className="py-2 pr-3 break-all">
                    <Link
                      to={address({ targetKind: row.targetKind, targetId: row.targetId })}
                      className={link}
                    >
                      {row.targetKind} {row.targetId}
                    </Link>
                  </td>
                  <td className="py-2 pr-3 break-words">{row.change}</td>
                  <td className="py-2 pr-3 break-words">{row.reason}</td>
                  <td className="py-2 pr-3">{row.clientAddress}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(next || paged) && (
        <nav aria-label={t("staff.audit.pages")} className="mt-6 flex flex-wrap gap-3">
          {next && (
            <Link to={address({ ...filter, cursor: next })} rel="next" className={chip}>
              {t("staff.audit.next")}
            </Link>
          )}
          {paged && (
            <Link to={address(filter)} className={chip}>
              {t("staff.audit.first")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
