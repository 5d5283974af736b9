import { redirect } from "react-router";
import { getViewer } from "../../../auth/session.server.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { inviteMember, removeMember } from "../../../jobs/employer-members.server.ts";
import { employerMembersFormSchema } from "../../../jobs/employer-members.ts";
import { membersOf, requireEmployerMember } from "../../../jobs/employers.server.ts";
import { type FormOutcome, formAction, retryAfterHeaders } from "../../../platform/api.ts";
import { authContext, baseUrlContext, databaseContext } from "../../../platform/context.ts";
import { readInput } from "../../../platform/input.server.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";
import { PartyMembers } from "../../../ui/party-members.tsx";
import type { Route } from "./+types/members";

/** An employer's members: who they are and how each joined; invite one, remove one, or leave. */
async function actorOf({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const db = context.get(databaseContext);
  const viewer = await getViewer(request, context);
  return {
    db,
    actor: await requireEmployerMember(db, viewer, rowIdOrNotFound(params.id), request),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { db, actor } = await actorOf(args);
  return { me: actor.id, members: await membersOf(db, actor.employerId) };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const action = formAction(async (args: Route.ActionArgs) => {
  const { db, actor } = await actorOf(args);
  const form = await readInput(args.request, employerMembersFormSchema);
  const locale = localeFromPath(new URL(args.request.url).pathname);
  if (form.intent === "invite") {
    await inviteMember(db, actor, form.email, {
      secret: args.context.get(authContext).options.secret as string,
      baseUrl: args.context.get(baseUrlContext),
      locale,
    });
    return { invited: form.email };
  }
  const [name] = (await membersOf(db, actor.employerId))
    .filter((member) => member.id === form.userId)
    .map((member) => member.name);
  await removeMember(db, actor, form.userId);
  // Who leaves no longer acts for the employer: on to the job board.
  if (form.userId === actor.id) throw redirect(localizedPath("/jobs", locale));
  return { removed: name ?? "" };
});

export default function EmployerMembers({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const result: FormOutcome<typeof actionData> = actionData;
  return (
    <section aria-labelledby="members-heading">
      <title>{t("employer.members.heading")}</title>
      <h2 id="members-heading" className="text-xl font-bold">
        {t("employer.members.heading")}
      </h2>
      <p className="mt-1 text-slate-700">{t("employer.members.intro")}</p>
      <PartyMembers
        members={loaderData.members}
        me={loaderData.me}
        result={result}
        texts={{
          you: t("employer.members.you"),
          via: (via) => t(`employer.overview.memberVia.${via as "founder" | "invite"}`),
          remove: (name) => t("employer.members.remove", { name }),
          leave: t("employer.members.leave"),
          removed: (name) => t("employer.members.removed", { name }),
          inviteHeading: t("employer.members.inviteHeading"),
          inviteExplain: t("employer.members.inviteExplain"),
          email: t("employer.members.email"),
          send: t("employer.members.send"),
          sent: (email) => t("employer.members.sent", { email }),
        }}
      />
    </section>
  );
}
