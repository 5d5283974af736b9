import { redirect } from "react-router";
import { getViewer } from "../../../auth/session.server.ts";
import { ownersFormSchema } from "../../../directory/claims.ts";
import { inviteOwner, removeOwner } from "../../../directory/co-owners.server.ts";
import { ownersOf, requireBusinessManager } from "../../../directory/owners.server.ts";
import { parseBusinessId } from "../../../directory/search.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useT } from "../../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../../platform/api.ts";
import { authContext, baseUrlContext, databaseContext } from "../../../platform/context.ts";
import { AppError } from "../../../platform/errors.ts";
import { readInput } from "../../../platform/input.server.ts";
import { PartyMembers } from "../../../ui/party-members.tsx";
import type { Route } from "./+types/owners";

/** The listing's owners (issue 26): who they are and how each became one; remove one, or leave. */
async function managerOf({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const viewer = await getViewer(request, context);
  return { db, manager: await requireBusinessManager(db, viewer, businessId, request) };
}

export async function loader(args: Route.LoaderArgs) {
  const { db, manager } = await managerOf(args);
  const owners = await ownersOf(db, manager.businessId);
  return {
    me: manager.id,
    owners: owners.map((owner) => ({
      id: owner.id,
      via: owner.via,
      name: owner.identity.displayName,
    })),
    messages: pageMessages(args.request, "manage"),
  };
}

export const action = formAction(async (args: Route.ActionArgs) => {
  const { db, manager } = await managerOf(args);
  const form = await readInput(args.request, ownersFormSchema);
  const locale = localeFromPath(new URL(args.request.url).pathname);
  if (form.intent === "invite") {
    await inviteOwner(db, manager, form.email, {
      secret: args.context.get(authContext).options.secret as string,
      baseUrl: args.context.get(baseUrlContext),
      locale,
    });
    return { invited: form.email };
  }
  const [name] = (await ownersOf(db, manager.businessId))
    .filter((owner) => owner.id === form.userId)
    .map((owner) => owner.identity.displayName);
  await removeOwner(db, manager, form.userId);
  // Who leaves no longer manages the listing: back to its public page.
  if (form.userId === manager.id)
    throw redirect(localizedPath(`/businesses/${manager.businessId}`, locale));
  return { removed: name ?? "" };
});

export default function ManageOwners({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const result: FormOutcome<typeof actionData> = actionData;
  return (
    <section aria-labelledby="owners-heading">
      <title>{t("manage.owners.heading")}</title>
      <h2 id="owners-heading" className="text-xl font-bold">
        {t("manage.owners.heading")}
      </h2>
      <p className="mt-1 text-slate-700">{t("manage.owners.intro")}</p>
      <PartyMembers
        members={loaderData.owners}
        me={loaderData.me}
        result={result}
        texts={{
          you: t("manage.owners.you"),
          via: (via) => t(`manage.owners.via.${via as "invite"}`),
          remove: (name) => t("manage.owners.remove", { name }),
          leave: t("manage.owners.leave"),
          removed: (name) => t("manage.owners.removed", { name }),
          inviteHeading: t("manage.invite.heading"),
          inviteExplain: t("manage.invite.explain"),
          email: t("manage.invite.email"),
          send: t("manage.invite.send"),
          sent: (email) => t("manage.invite.sent", { email }),
        }}
      />
    </section>
  );
}
