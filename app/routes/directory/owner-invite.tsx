import { Form, redirect, useNavigation } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { getBusiness } from "../../directory/businesses.server.ts";
import { acceptInvitation, invitationFor } from "../../directory/co-owners.server.ts";
import { manageHref } from "../../directory/manage-nav.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { clientAddressOf } from "../../platform/audit.server.ts";
import { authContext, databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import type { Route } from "./+types/owner-invite";

/**
 * A co-owner's invitation (issue 26), opened from its e-mail: the invitee signs in (and comes
 * back), then accepts; a link that is not signed is the site's 404.
 */
async function invitationArgs({ request, params, context, url }: Route.LoaderArgs) {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const viewer = await requireViewer({ request, context, url });
  return {
    businessId,
    viewer,
    token: url.searchParams.get("t") ?? "",
    db: context.get(databaseContext),
    secret: context.get(authContext).options.secret as string,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { businessId, viewer, token, db, secret } = await invitationArgs(args);
  const { problem } = await invitationFor(db, businessId, token, viewer.id, { secret });
  const business = await getBusiness(db, businessId);
  return {
    business: { id: business.id, name: business.name },
    problem,
    messages: pageMessages(args.request, "manage"),
  };
}

export const action = formAction(async (args: Route.ActionArgs) => {
  const { businessId, viewer, token, db, secret } = await invitationArgs(args);
  const invitee = { id: viewer.id, role: "owner", clientAddress: clientAddressOf(args.request) };
  await acceptInvitation(db, invitee, businessId, token, { secret });
  const locale = localeFromPath(args.url.pathname);
  throw redirect(localizedPath(manageHref(businessId, "owners"), locale));
});

export default function OwnerInvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { business, problem } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const { form, alert } = useFormProblem(result?.problem, "invite-problem", []);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{t("manage.invite.pageTitle", { name: business.name })}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">
        {t("manage.invite.pageTitle", { name: business.name })}
      </h1>
      <p className="mt-2 text-slate-700">{t("manage.invite.pageIntro", { name: business.name })}</p>
      {problem ? (
        <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          {t(`manage.invite.problems.${problem}`)}
        </p>
      ) : (
        <Form method="post" ref={form} className="mt-6">
          {alert}
          <button type="submit" disabled={busy} className={primaryButton}>
            {t("manage.invite.accept")}
          </button>
        </Form>
      )}
    </section>
  );
}
