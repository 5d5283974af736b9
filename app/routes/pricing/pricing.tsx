import { getViewer } from "../../auth/session.server.ts";
import { businessForClaim } from "../../directory/lookup.server.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import { formAction, formFailure, retryAfterHeaders, sentTextFields } from "../../platform/api.ts";
import { CLIENT_IP_HEADER } from "../../platform/config.server.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { assertMayBeSoldTo } from "../../players/identity.ts";
import { billingOf } from "../../pricing/billing.ts";
import { BillingToggle } from "../../pricing/components/billing-toggle.tsx";
import { PlanCard } from "../../pricing/components/plan-card.tsx";
import {
  PlanRequestDialog,
  type RequestValues,
} from "../../pricing/components/plan-request-dialog.tsx";
import { listPlans } from "../../pricing/plans.server.ts";
import { requestPlan } from "../../pricing/requests.server.ts";
import { claimedBusinessId, planRequestSchema } from "../../pricing/schemas.ts";
import type { Route } from "./+types/pricing";

export async function loader({ request, context }: Route.LoaderArgs) {
  assertMayBeSoldTo(await getViewer(request, context));
  const db = context.get(databaseContext);
  const params = new URL(request.url).searchParams;
  const plans = await listPlans(db);
  // ?plan= opens the request form: on the plan named, else on the recommended one.
  const requested = params.has("plan")
    ? (plans.find((plan) => plan.slug === params.get("plan")) ??
      plans.find((plan) => plan.recommended) ??
      plans[0])
    : undefined;
  // ?business= names the listing the request claims (its page's address, typed in the form).
  const businessId = claimedBusinessId(params.get("business") ?? "");
  const claimed = requested && businessId ? await businessForClaim(db, businessId) : null;
  return {
    plans,
    billing: billingOf(params.get("billing")),
    requested: requested?.slug ?? null,
    claimed,
    messages: pageMessages(request, "pricing"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

/** The plan request: stored and confirmed by e-mail; a refused one comes back filled in. */
export const action = formAction(async ({ request, context }: Route.ActionArgs) => {
  assertMayBeSoldTo(await getViewer(request, context));
  const raw = await readRaw(request);
  try {
    const form = await validate(planRequestSchema, raw);
    const receipt = await requestPlan(
      context.get(databaseContext),
      form,
      localeFromPath(new URL(request.url).pathname),
      request.headers.get(CLIENT_IP_HEADER),
      // A signed-in requester's won request opens the listing's claim for their account.
      (await getViewer(request, context))?.id ?? null,
    );
    return { sentTo: receipt.email };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { values: sentTextFields(raw) });
  }
});

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { plans, billing, claimed } = loaderData;
  const requested = plans.find((plan) => plan.slug === loaderData.requested);
  const result = actionData as
    | {
        sentTo?: string;
        problem?: Parameters<typeof PlanRequestDialog>[0]["problem"];
        values?: RequestValues;
      }
    | undefined;
  return (
    <>
      <title>{t("pricing.metaTitle")}</title>
      <meta name="description" content={t("pricing.description")} />
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-4 pb-24 pt-10 text-center text-white md:pt-16">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{t("pricing.title")}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">{t("pricing.subline")}</p>
        <div className="mt-8">
          <BillingToggle billing={billing} />
        </div>
      </section>
      <div className="mx-auto -mt-16 max-w-6xl px-4">
        <ul className="grid gap-8 md:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.slug}>
              <PlanCard plan={plan} billing={billing} />
            </li>
          ))}
        </ul>
        {requested && (
          <PlanRequestDialog
            key={requested.slug}
            plans={plans}
            plan={requested}
            billing={billing}
            claimed={claimed}
            problem={result?.problem}
            values={result?.values}
            sentTo={result?.sentTo}
          />
        )}
      </div>
    </>
  );
}
