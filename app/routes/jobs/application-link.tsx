import { redirect, useSearchParams } from "react-router";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import { applicationIdSchema } from "../../jobs/application-status.ts";
import {
  ApplicantApplications,
  WithdrawNotice,
} from "../../jobs/components/applicant-applications.tsx";
import { applicationByLink, withdrawApplication } from "../../jobs/inbox.server.ts";
import { formAction } from "../../platform/api.ts";
import { authContext, databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import type { Route } from "./+types/application-link";

/** The secret the status links are signed with. */
const secretOf = (context: Route.LoaderArgs["context"]) =>
  context.get(authContext).options.secret as string;

/**
 * One application, opened with the signed link its confirmation e-mail carries: for an applicant
 * without an account. A link the site did not sign is the 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return {
    applications: await applicationByLink(
      context.get(databaseContext),
      params.token,
      secretOf(context),
    ),
    messages: pageMessages(request, "jobs"),
  };
}

/** Withdraws the link's application, and only it. */
export const action = formAction(async ({ request, context, params }: Route.ActionArgs) => {
  const db = context.get(databaseContext);
  const { application } = await readInput(request, applicationIdSchema);
  const linked = await applicationByLink(db, params.token, secretOf(context));
  await withdrawApplication(
    db,
    application,
    linked.map((row) => row.id),
  );
  const locale = localeFromPath(new URL(request.url).pathname);
  return redirect(`${localizedPath(`/jobs/applications/${params.token}`, locale)}?withdrawn`);
});

export default function ApplicationByLink({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <title>{t("jobs.applications.linkHeading")}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <h1 className="text-3xl font-bold">{t("jobs.applications.linkHeading")}</h1>
      <p className="mt-2 text-slate-700">{t("jobs.applications.linkIntro")}</p>
      <WithdrawNotice problem={actionData?.problem} withdrawn={params.has("withdrawn")} />
      <ApplicantApplications applications={loaderData.applications} />
    </section>
  );
}
