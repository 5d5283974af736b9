import { Link } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { exportChild } from "../../players/family-export.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import type { Route } from "./+types/family-child-data";

/**
 * Everything the site keeps about a child, as a page their parent can read: one section per table
 * of ours that refers to a player, each row as its fields. The same export as the JSON file.
 */
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  const data = await exportChild(context.get(databaseContext), viewer.id, params.childId);
  return {
    childId: params.childId,
    data,
    messages: pageMessages(request, "players"),
  };
}

/** A value as text: absent, a word, or the JSON of a structured one. */
const shown = (value: unknown) =>
  value === null || value === undefined
    ? "—"
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

export default function FamilyChildData({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { childId, data } = loaderData;
  const tables = Object.entries(data.tables);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <title>{t("familyChild.export.metaTitle", { handle: data.handle })}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-brand-900">
        {t("familyChild.export.title", { handle: data.handle })}
      </h1>
      <p className="mt-4 text-slate-700">{t("familyChild.export.intro")}</p>
      <div className="mt-4 flex flex-wrap gap-4">
        <a href={to(`/family/children/${childId}/data.json`)} download className={primaryButton}>
          {t("familyChild.export.download")}
        </a>
        <Link
          to={to(`/family/children/${childId}`)}
          className="self-center font-semibold underline"
        >
          {t("familyChild.export.back")}
        </Link>
      </div>
      {tables.map(([table, rows]) => (
        // Not landmarks: the tables' names would clash with the site's own (a "business" one).
        <div key={table} className="mt-8">
          <h2 className="text-xl font-bold">
            <code lang="">{table}</code>
          </h2>
          {rows.length === 0 ? (
            <p className="mt-2 text-slate-700">{t("familyChild.export.noRows")}</p>
          ) : (
            <ol className="mt-2 flex flex-col gap-3">
              {rows.map((row, index) => (
                // Rows have no common key: their order is the export's.
                // biome-ignore lint/suspicious/noArrayIndexKey: read-only list, never reordered
                <li key={index} className="rounded-xl p-3 ring-1 ring-slate-200">
                  <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
                    {Object.entries(row).map(([key, value]) => (
                      <div key={key} className="contents">
                        <dt className="font-semibold" lang="">
                          {key}
                        </dt>
                        <dd className="break-all" lang="">
                          {shown(value)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </div>
  );
}
