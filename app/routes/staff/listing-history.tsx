import { Form, redirect, useSearchParams } from "react-router";
import { listingHistory, restoreListing } from "../../directory/staff.server.ts";
import { formatDateTime } from "../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessagesWithScripts } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { CONTENT_ROLE, contentIdOf, contentWrite } from "../../staff/content-write.server.ts";
import { restoreListingSchema } from "../../staff/listing-form.ts";
import { secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import type { Route } from "./+types/listing-history";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const history = await listingHistory(context.get(databaseContext), contentIdOf(params.id));
  return { history, messages: pageMessagesWithScripts({ request, context }, "directory") };
}

/**
 * Restores a kept version: staff's undo of a listing (audit row `business.restore`), as a content
 * edit, so the visitors' page cache is cleared after.
 */
export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const staff = await requireStaff({ request, context }, CONTENT_ROLE);
  const id = contentIdOf(params.id);
  const form = await readInput(request, restoreListingSchema);
  await contentWrite(context, staff, (tx) =>
    restoreListing(tx, staff, id, form.version, form.current),
  );
  const locale = localeFromPath(new URL(request.url).pathname);
  return redirect(localizedPath(`/staff/listings/${id}/history?restored=1`, locale));
});

export default function ListingHistory({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const [search] = useSearchParams();
  const { history } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "history-problem", []);
  return (
    <section>
      <title>{t("staff.listings.history.metaTitle")}</title>
      <h1 className="text-2xl font-bold break-words">
        {t("staff.listings.history.heading", { name: history.name })}
      </h1>
      <p className="mt-2 text-slate-700">{t("staff.listings.history.intro")}</p>
      <p className="mt-2">
        <PageLink
          to={to(`/businesses/${history.id}/manage`)}
          className="font-semibold text-brand-800 underline"
        >
          {t("staff.listings.history.manage")}
        </PageLink>
      </p>
      {search.has("restored") && !result && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 font-medium text-green-800">
          {t("staff.listings.history.restored")}
        </p>
      )}
      <div className="mt-4">{problem.alert}</div>
      <p className="mt-4 font-semibold">
        {t("staff.listings.history.current", { version: history.version })}
      </p>
      {history.versions.length === 0 ? (
        <p className="mt-4">{t("staff.listings.history.none")}</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3">
          {history.versions.map((kept) => (
            <li key={kept.version} className="rounded-xl p-4 ring-1 ring-slate-200">
              <h2 className="font-semibold">
                {t("staff.listings.history.version", { version: kept.version })}
              </h2>
              <p className="text-sm text-slate-700">
                {kept.by
                  ? t("staff.listings.history.savedBy", {
                      name: kept.by.name,
                      role: t(
                        `staff.listings.history.roles.${kept.by.role as "owner" | "moderator" | "admin"}`,
                      ),
                      at: formatDateTime(kept.at.toISOString(), locale),
                    })
                  : t("staff.listings.history.firstListed")}
              </p>
              <p className="mt-1 break-words">
                {t("staff.listings.history.fields", {
                  name: kept.snapshot.fields.name,
                  city: kept.snapshot.fields.city,
                  province: kept.snapshot.fields.province,
                  category: t(`categories.${kept.snapshot.fields.category as "others"}`),
                })}
              </p>
              <p className="mt-1 text-sm text-slate-700 break-words">
                {kept.snapshot.fields.description[locale] ||
                  kept.snapshot.fields.description[locale === "en-CA" ? "fr-CA" : "en-CA"]}
              </p>
              {kept.version !== history.version && (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="version" value={kept.version} />
                  <input type="hidden" name="current" value={history.version} />
                  <button type="submit" className={secondaryButton}>
                    {t("staff.listings.history.restore", { version: kept.version })}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
