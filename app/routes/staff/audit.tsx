import { Form } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { type AuditFilter, auditPage, auditQuerySchema } from "../../staff/audit.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { PageLink } from "../../ui/page-link.tsx";
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
  return { filter, ...page, paged: cursor !== undefined };
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
          <PageLink to={base} className={link}>
            {t("staff.audit.clear")}
          </PageLink>
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6">{t("staff.audit.empty")}</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl p-4 ring-1 ring-slate-200">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm md:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="font-semibold">{t("staff.audit.at")}</dt>
                <dd>{row.at.slice(0, 19).replace("T", " ")}</dd>
                <dt className="font-semibold">{t("staff.audit.who")}</dt>
                <dd>
                  <PageLink to={address({ actor: row.actorId })} className={link}>
                    {row.actorName ??
                      (row.actorId === "cli" ? t("staff.audit.commandLine") : row.actorId)}
                  </PageLink>{" "}
                  ({row.actorRole})
                </dd>
                <dt className="font-semibold">{t("staff.audit.action")}</dt>
                <dd>
                  <PageLink to={address({ action: row.action })} className={link}>
                    {row.action}
                  </PageLink>
                </dd>
                <dt className="font-semibold">{t("staff.audit.target")}</dt>
                <dd className="break-all">
                  <PageLink
                    to={address({ targetKind: row.targetKind, targetId: row.targetId })}
                    className={link}
                  >
                    {row.targetKind} {row.targetId}
                  </PageLink>
                </dd>
                {row.change.length > 0 && (
                  <>
                    <dt className="font-semibold">{t("staff.audit.change")}</dt>
                    <dd className="break-words">
                      {row.change.map((change) => (
                        // One line per field that changed.
                        // The values are what people wrote, in a language the page cannot tell:
                        // lang="" keeps a screen reader from reading them in the page's.
                        <span key={change.field ?? ""} className="block">
                          {change.field !== null &&
                            `${t("staff.audit.field", { field: change.field })} `}
                          <span lang="">{change.before}</span> → <span lang="">{change.after}</span>
                        </span>
                      ))}
                    </dd>
                  </>
                )}
                {row.reason && (
                  <>
                    <dt className="font-semibold">{t("staff.audit.reason")}</dt>
                    <dd lang="" className="break-words">
                      {row.reason}
                    </dd>
                  </>
                )}
                {row.clientAddress && (
                  <>
                    <dt className="font-semibold">{t("staff.audit.address")}</dt>
                    <dd>{row.clientAddress}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
      {(next || paged) && (
        <nav aria-label={t("staff.audit.pages")} className="mt-6 flex flex-wrap gap-3">
          {next && (
            <PageLink to={address({ ...filter, cursor: next })} rel="next" className={chip}>
              {t("staff.audit.next")}
            </PageLink>
          )}
          {paged && (
            <PageLink to={address(filter)} className={chip}>
              {t("staff.audit.first")}
            </PageLink>
          )}
        </nav>
      )}
    </section>
  );
}
