import { Form, Link, useLocation, useNavigation } from "react-router";
import { getViewer, requireViewer } from "../../auth/session.server.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formAction } from "../../platform/api.ts";
import { clientAddressOf } from "../../platform/audit.server.ts";
import { authContext, databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import {
  CONSENT_TEXT_VERSION,
  consentLink,
  giveConsent,
  withdrawConsent,
} from "../../players/consent.server.ts";
import { consentPageSchema } from "../../players/consent-form.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import type { Route } from "./+types/family-consent";

/** What the site keeps about a child, each with why: the consent text's list (its version). */
const KEPT = ["name", "age", "progress", "visible"] as const;

/**
 * A parent's consent for a child (decision 0064), opened from the e-mail the child asked for: the
 * text of what the site keeps and why (CONSENT_TEXT_VERSION), then, signed in as an adult, "I
 * consent"; the parent who consented may withdraw here. An unknown link is the site's 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const link = await consentLink(context.get(databaseContext), params.token, viewer?.id ?? null, {
    secret: context.get(authContext).options.secret as string,
  });
  return {
    ...link,
    signedIn: viewer !== null,
    version: CONSENT_TEXT_VERSION,
    messages: pageMessages(request, "players"),
  };
}

export const action = formAction(async ({ request, context, params, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const { intent } = await readInput(request, consentPageSchema);
  const db = context.get(databaseContext);
  const options = { secret: context.get(authContext).options.secret as string };
  if (intent === "consent")
    await giveConsent(
      db,
      { id: viewer.id, clientAddress: clientAddressOf(request) },
      params.token,
      options,
    );
  else await withdrawConsent(db, viewer.id, params.token, options);
  return { done: intent };
});

export default function FamilyConsent({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { childName, consentedByViewer, signedIn, version } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "consent-problem", []);
  // Signing in or up comes back to this page.
  const back = `?${new URLSearchParams({ redirectTo: useLocation().pathname })}`;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{t("consent.metaTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-brand-900">
        {t("consent.title", { name: childName })}
      </h1>
      <p className="mt-4 text-slate-700">{t("consent.intro", { name: childName })}</p>
      <h2 className="mt-6 text-xl font-semibold text-brand-900">{t("consent.keptTitle")}</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
        {KEPT.map((item) => (
          <li key={item}>{t(`consent.kept.${item}`)}</li>
        ))}
      </ul>
      <p className="mt-4 text-slate-700">{t("consent.deadline")}</p>
      <p className="mt-2 text-slate-700">{t("consent.withdrawInfo")}</p>
      <p className="mt-2 text-sm text-slate-600">{t("consent.version", { version })}</p>
      {result?.done && (
        <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {result.done === "consent" ? t("consent.given") : t("consent.withdrawn")}
        </p>
      )}
      {!signedIn ? (
        <div className="mt-6 flex flex-col gap-4">
          <p className="text-slate-700">{t("consent.signInFirst")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={`${to("/login")}${back}`} className={primaryButton}>
              {t("consent.logIn")}
            </Link>
            <Link
              to={`${to("/register")}${back}`}
              className="rounded-lg px-6 py-3 font-semibold text-brand-700 ring-1 ring-brand-700 hover:bg-brand-50"
            >
              {t("consent.register")}
            </Link>
          </div>
        </div>
      ) : (
        <Form method="post" ref={problem.form} className="mt-6 flex flex-col gap-4">
          {problem.alert}
          <input type="hidden" name="intent" value={consentedByViewer ? "withdraw" : "consent"} />
          <button type="submit" disabled={busy} className={`${primaryButton} self-start`}>
            {consentedByViewer ? t("consent.withdraw") : t("consent.confirm")}
          </button>
        </Form>
      )}
    </section>
  );
}
