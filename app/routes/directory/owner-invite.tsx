import { redirect } from "react-router";
import { getBusiness } from "../../directory/businesses.server.ts";
import { acceptInvitation, invitationFor } from "../../directory/co-owners.server.ts";
import { manageHref } from "../../directory/manage-nav.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { PartyInvitation } from "../../ui/party-members.tsx";
import { invitationRequest } from "../party-invitation.server.ts";
import type { Route } from "./+types/owner-invite";

/**
 * A co-owner's invitation (issue 26), opened from its e-mail: the invitee signs in (and comes
 * back), then accepts; a link that is not signed is the site's 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, partyId, token, secret, invitee } = await invitationRequest(args, "owner");
  const { problem } = await invitationFor(db, partyId, token, invitee.id, { secret });
  const business = await getBusiness(db, partyId);
  return { name: business.name, problem, messages: pageMessages(args.request, "manage") };
}

export const action = formAction(async (args: Route.ActionArgs) => {
  const { db, partyId, token, secret, invitee } = await invitationRequest(args, "owner");
  await acceptInvitation(db, invitee, partyId, token, { secret });
  const locale = localeFromPath(args.url.pathname);
  throw redirect(localizedPath(manageHref(partyId, "owners"), locale));
});

export default function OwnerInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { name, problem } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  return (
    <PartyInvitation
      title={t("manage.invite.pageTitle", { name })}
      intro={t("manage.invite.pageIntro", { name })}
      problem={problem ? t(`manage.invite.problems.${problem}`) : undefined}
      accept={t("manage.invite.accept")}
      result={result}
    />
  );
}
