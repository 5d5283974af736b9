import { redirect, useSearchParams } from "react-router";
import { getViewer } from "../../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { EmployerForm } from "../../../jobs/components/employer-form.tsx";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { employerProfileSchema } from "../../../jobs/employer-profile.ts";
import {
  employerProfile,
  requireEmployerMember,
  storeLogo,
  updateEmployer,
} from "../../../jobs/employers.server.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  sentTextFields,
} from "../../../platform/api.ts";
import { databaseContext, storageContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";
import type { Route } from "./+types/overview";

/** An employer's overview: its profile, to edit (its members have their own section). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const actor = await requireEmployerMember(
    db,
    await getViewer(request, context),
    rowIdOrNotFound(params.id),
    request,
  );
  return {
    profile: await employerProfile(db, actor.employerId),
  };
}

/** Saves the profile through employerWrite (audit row `employer.update`); the page says it did. */
export const action = formAction(async ({ request, params, context, url }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const actor = await requireEmployerMember(
    db,
    await getViewer(request, context),
    rowIdOrNotFound(params.id),
    request,
  );
  const raw = await readRaw(request);
  try {
    const form = await validate(employerProfileSchema, raw);
    const logo = await storeLogo(context.get(storageContext), form.logo);
    await updateEmployer(db, actor, form, logo);
    const page = localizedPath(employerHref(actor.employerId), localeFromPath(url.pathname));
    return redirect(`${page}?saved=1`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { values: sentTextFields(raw) });
  }
});

export default function EmployerOverview({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [search] = useSearchParams();
  const result: FormOutcome<typeof actionData> = actionData;
  return (
    <section aria-labelledby="profile-heading">
      <title>{t("employer.overview.heading")}</title>
      <h2 id="profile-heading" className="text-xl font-bold">
        {t("employer.profile.heading")}
      </h2>
      {search.has("saved") && !result && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 font-medium text-green-800">
          {t("employer.profile.saved")}
        </p>
      )}
      <div className="mt-4">
        <EmployerForm
          saved={loaderData.profile}
          sent={result?.values}
          problem={result?.problem}
          submitLabel={t("employer.profile.save")}
        />
      </div>
    </section>
  );
}
