import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { planRequest, pricingPlan } from "../db/schema/pricing.ts";
import { businessForClaim } from "../directory/lookup.server.ts";
import type { Locale } from "../i18n/locale.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { hashedSubject, takeAttempt } from "../platform/rate-limit.server.ts";
import { type Billing, priceFor } from "./billing.ts";
import { planRequestEmail } from "./emails.server.ts";
import type { PlanRequestForm } from "./schemas.ts";
import type { ClaimedBusiness } from "./types.ts";

export type PlanRequestReceipt = {
  id: number;
  plan: { slug: string; name: Record<Locale, string> };
  billing: Billing;
  priceCents: number;
  email: string;
  claimed: ClaimedBusiness | null;
};

/**
 * Records a business's request for a plan at the price the page showed (the plan's full price
 * for the period, taxes extra) and queues its confirmation e-mail, in one transaction. A listing
 * to claim must exist in the directory. Past either limit, a 429 and nothing is sent.
 */
export async function requestPlan(
  db: Db,
  form: PlanRequestForm,
  locale: Locale,
  clientAddress: string | null,
  requesterId: string | null,
): Promise<PlanRequestReceipt> {
  await takeAttempt(db, "plan-request", clientAddress);
  await takeAttempt(db, "plan-request-to", hashedSubject(form.email.trim().toLowerCase()));
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({
        id: pricingPlan.id,
        slug: pricingPlan.slug,
        name: pricingPlan.name,
        monthlyPriceCents: pricingPlan.monthlyPriceCents,
        annualPriceCents: pricingPlan.annualPriceCents,
      })
      .from(pricingPlan)
      .where(eq(pricingPlan.slug, form.plan));
    if (!plan)
      throw new AppError("invalid_parameters", {
        problems: [{ field: "plan", message: "pricing.problems.planRequired" }],
      });
    const claimed = form.claim === null ? null : await businessForClaim(tx, form.claim);
    if (form.claim !== null && !claimed)
      throw new AppError("invalid_parameters", {
        problems: [{ field: "claim", message: "pricing.problems.claimNotFound" }],
      });
    const priceCents = priceFor(plan, form.billing);
    const [row] = await tx
      .insert(planRequest)
      .values({
        planId: plan.id,
        billing: form.billing,
        priceCents,
        businessName: form.businessName,
        contactName: form.contactName,
        email: form.email,
        phone: form.phone,
        province: form.province,
        claimBusinessId: claimed?.id ?? null,
        userId: requesterId,
        locale,
      })
      .returning({ id: planRequest.id });
    if (!row) throw new Error("the request was not recorded");
    const receipt: PlanRequestReceipt = {
      id: row.id,
      plan: { slug: plan.slug, name: plan.name },
      billing: form.billing,
      priceCents,
      email: form.email,
      claimed,
    };
    await enqueueEmail(tx, planRequestEmail(receipt, form, locale));
    return receipt;
  });
}
