import { redirect, useSearchParams } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { applicationIdSchema } from "../../jobs/application-status.ts";
import {
  ApplicantApplications,
  WithdrawNotice,
} from "../../jobs/components/applicant-applications.tsx";
import { playerApplications, withdrawApplication } from "../../jobs/inbox.server.ts";
import { formAction } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { ButtonLink } from "../../ui/button-link.tsx";
import type { Route } from "./+types/applications";

/** A signed-in player's applications: sent signed in, or with their confirmed address. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  return {
    applications: await playerApplications(context.get(databaseContext), viewer),
    messages: pageMessages(request, "jobs"),
  };
}

/** Withdraws one of the player's own applications (anyone else's is the 404). */
export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const { application } = await readInput(request, applicationIdSchema);
  const db = context.get(databaseContext);
  const mine = (await playerApplications(db, viewer)).map((row) => row.id);
  await withdrawApplication(db, application, mine);
  const locale = localeFromPath(new URL(request.url).pathname);
  return redirect(`${localizedPath("/jobs/applications", locale)}?withdrawn`);
});

export default function PlayerApplications({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const { applications } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <title>{t("jobs.applications.metaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("jobs.applications.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("jobs.applications.intro")}</p>
      <WithdrawNotice problem={actionData?.problem} withdrawn={params.has("withdrawn")} />
      {applications.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-slate-50 p-8 text-center">
          <p className="text-lg font-semibold">{t("jobs.applications.none")}</p>
          <ButtonLink to={to("/jobs")} className="mt-6">
            {t("jobs.saved.browse")}
          </ButtonLink>
        </div>
      ) : (
        <ApplicantApplications applications={applications} />
      )}
    </section>
  );
}
