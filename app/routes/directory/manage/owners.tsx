import { Form, redirect, useNavigation } from "react-router";
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
import { primaryButton, secondaryButton } from "../../../ui/button-link.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import { EmailField } from "../../../ui/text-field.tsx";
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
  const busy = useNavigation().state === "submitting";
  const result: FormOutcome<typeof actionData> = actionData;
  const { form, field, message, alert } = useFormProblem(result?.problem, "owners-problem", [
    "email",
  ]);
  return (
    <section aria-labelledby="owners-heading">
      <title>{t("manage.owners.heading")}</title>
      <h2 id="owners-heading" className="text-xl font-bold">
        {t("manage.owners.heading")}
      </h2>
      <p className="mt-1 text-slate-700">{t("manage.owners.intro")}</p>
      {result?.removed !== undefined && (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
          {t("manage.owners.removed", { name: result.removed })}
        </p>
      )}
      <div className="mt-4">{alert}</div>
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {loaderData.owners.map((owner) => (
          <li key={owner.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold">
                {owner.name} {owner.id === loaderData.me && t("manage.owners.you")}
              </p>
              <p className="text-sm text-slate-700">{t(`manage.owners.via.${owner.via}`)}</p>
            </div>
            <Form method="post">
              <input type="hidden" name="userId" value={owner.id} />
              <button
                type="submit"
                name="intent"
                value="remove"
                disabled={busy}
                className={secondaryButton}
              >
                {owner.id === loaderData.me
                  ? t("manage.owners.leave")
                  : t("manage.owners.remove", { name: owner.name })}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <section aria-labelledby="invite-heading" className="mt-8">
        <h2 id="invite-heading" className="text-xl font-bold">
          {t("manage.invite.heading")}
        </h2>
        <p className="mt-1 text-slate-700">{t("manage.invite.explain")}</p>
        {result?.invited && (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
            {t("manage.invite.sent", { email: result.invited })}
          </p>
        )}
        <Form method="post" ref={form} noValidate className="mt-4 flex max-w-md flex-col gap-4">
          <EmailField
            id="invite-email"
            name="email"
            label={t("manage.invite.email")}
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
            {t("manage.invite.send")}
          </button>
        </Form>
      </section>
    </section>
  );
}
