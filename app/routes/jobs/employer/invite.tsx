import { redirect } from "react-router";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useT } from "../../../i18n/use-t.ts";
import {
  acceptEmployerInvitation,
  employerInvitationFor,
} from "../../../jobs/employer-members.server.ts";
import { employerHref } from "../../../jobs/employer-nav.ts";
import { type FormOutcome, formAction } from "../../../platform/api.ts";
import { PartyInvitation } from "../../../ui/party-members.tsx";
import { invitationRequest } from "../../party-invitation.server.ts";
import type { Route } from "./+types/invite";

/**
 * An invitation to act for an employer, opened from its e-mail: the invitee signs in (and comes
 * back), then accepts; a link that is not signed is the site's 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, partyId, token, secret, invitee } = await invitationRequest(args, "employer");
  const invitation = await employerInvitationFor(db, partyId, token, invitee.id, { secret });
  return { ...invitation, messages: pageMessages(args.request, "employer") };
}

export const action = formAction(async (args: Route.ActionArgs) => {
  const { db, partyId, token, secret, invitee } = await invitationRequest(args, "employer");
  await acceptEmployerInvitation(db, invitee, partyId, token, { secret });
  throw redirect(localizedPath(employerHref(partyId), localeFromPath(args.url.pathname)));
});

export default function EmployerInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { name, problem } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  return (
    <PartyInvitation
      title={t("employer.invite.pageTitle", { name })}
      intro={t("employer.invite.pageIntro", { name })}
      problem={problem ? t(`employer.invite.problems.${problem}`) : undefined}
      accept={t("employer.invite.accept")}
      result={result}
    />
  );
}
