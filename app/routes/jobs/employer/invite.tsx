import { Form, redirect, useNavigation } from "react-router";
import { requireViewer } from "../../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useT } from "../../../i18n/use-t.ts";
import {
  acceptEmployerInvitation,
  employerInvitationFor,
} from "../../../jobs/employer-members.server.ts";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { type FormOutcome, formAction } from "../../../platform/api.ts";
import { clientAddressOf } from "../../../platform/audit.server.ts";
import { authContext, databaseContext } from "../../../platform/context.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";
import { primaryButton } from "../../../ui/button-link.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import type { Route } from "./+types/invite";

/**
 * An invitation to act for an employer, opened from its e-mail: the invitee signs in (and comes
 * back), then accepts; a link that is not signed is the site's 404.
 */
async function invitationArgs({ request, params, context, url }: Route.LoaderArgs) {
  const employerId = rowIdOrNotFound(params.id);
  const viewer = await requireViewer({ request, context, url });
  return {
    employerId,
    viewer,
    token: url.searchParams.get("t") ?? "",
    db: context.get(databaseContext),
    secret: context.get(authContext).options.secret as string,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { employerId, viewer, token, db, secret } = await invitationArgs(args);
  const invitation = await employerInvitationFor(db, employerId, token, viewer.id, { secret });
  return { ...invitation, messages: pageMessages(args.request, "employer") };
}

export const action = formAction(async (args: Route.ActionArgs) => {
  const { employerId, viewer, token, db, secret } = await invitationArgs(args);
  const invitee = { id: viewer.id, role: "employer", clientAddress: clientAddressOf(args.request) };
  await acceptEmployerInvitation(db, invitee, employerId, token, { secret });
  throw redirect(localizedPath(employerHref(employerId), localeFromPath(args.url.pathname)));
});

export default function EmployerInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { name, problem } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const { form, alert } = useFormProblem(result?.problem, "invite-problem", []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{t("employer.invite.pageTitle", { name })}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold break-words">{t("employer.invite.pageTitle", { name })}</h1>
      <p className="mt-2 text-slate-700">{t("employer.invite.pageIntro", { name })}</p>
      {problem ? (
        <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          {t(`employer.invite.problems.${problem}`)}
        </p>
      ) : (
        <Form method="post" ref={form} className="mt-6">
          {alert}
          <button type="submit" disabled={busy} className={primaryButton}>
            {t("employer.invite.accept")}
          </button>
        </Form>
      )}
    </section>
  );
}
