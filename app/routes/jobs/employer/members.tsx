import { Form, redirect, useNavigation } from "react-router";
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
import { primaryButton, secondaryButton } from "../../../ui/button-link.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import { EmailField } from "../../../ui/text-field.tsx";
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
  const busy = useNavigation().state === "submitting";
  const result: FormOutcome<typeof actionData> = actionData;
  const { form, field, message, alert } = useFormProblem(result?.problem, "members-problem", [
    "email",
  ]);
  return (
    <section aria-labelledby="members-heading">
      <title>{t("employer.members.heading")}</title>
      <h2 id="members-heading" className="text-xl font-bold">
        {t("employer.members.heading")}
      </h2>
      <p className="mt-1 text-slate-700">{t("employer.members.intro")}</p>
      {result?.removed !== undefined && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
          {t("employer.members.removed", { name: result.removed })}
        </p>
      )}
      <div className="mt-4">{alert}</div>
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {loaderData.members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {member.name} {member.id === loaderData.me && t("employer.members.you")}
              </p>
              <p className="text-sm text-slate-700">
                {t(`employer.overview.memberVia.${member.via}`)}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="userId" value={member.id} />
              <button
                type="submit"
                name="intent"
                value="remove"
                disabled={busy}
                className={secondaryButton}
              >
                {member.id === loaderData.me
                  ? t("employer.members.leave")
                  : t("employer.members.remove", { name: member.name })}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <section aria-labelledby="invite-heading" className="mt-8">
        <h2 id="invite-heading" className="text-xl font-bold">
          {t("employer.members.inviteHeading")}
        </h2>
        <p className="mt-1 text-slate-700">{t("employer.members.inviteExplain")}</p>
        {result?.invited && (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
            {t("employer.members.sent", { email: result.invited })}
          </p>
        )}
        <Form method="post" ref={form} noValidate className="mt-4 flex max-w-md flex-col gap-4">
          <EmailField
            id="invite-email"
            name="email"
            label={t("employer.members.email")}
            {...field("email")}
            problem={message("email")}
          />
          <button
            type="submit"
            name="intent"
            value="invite"
            disabled={busy}
            className={`${primaryButton} self-start`}
          >
            {t("employer.members.send")}
          </button>
        </Form>
      </section>
    </section>
  );
}
