import { formatMoney } from "../i18n/format.ts";
import type { Locale } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import type { Email } from "../platform/email.server.ts";
import { displayPhone } from "../platform/phone.ts";
import { escapeHtml } from "../platform/text.ts";
import type { PlanRequestReceipt } from "./requests.server.ts";
import type { PlanRequestForm } from "./schemas.ts";

/** The request's confirmation: the plan and its full price, that nothing is charged yet, what next. */
export function planRequestEmail(
  receipt: PlanRequestReceipt,
  form: PlanRequestForm,
  locale: Locale,
): Email {
  const t = serverT(locale);
  const paragraphs = [
    t("pricingEmail.greeting", { name: form.contactName }),
    t("pricingEmail.thanks", { business: form.businessName }),
    t(receipt.billing === "annual" ? "pricingEmail.planAnnual" : "pricingEmail.planMonthly", {
      plan: receipt.plan.name[locale],
      price: formatMoney(receipt.priceCents, locale),
    }),
    ...(receipt.claimed
      ? [
          t("pricingEmail.claim", {
            name: receipt.claimed.name,
            city: receipt.claimed.city,
            province: receipt.claimed.province,
          }),
        ]
      : []),
    t("pricingEmail.next", { phone: displayPhone(form.phone) }),
    t("pricingEmail.signature"),
  ];
  return {
    to: form.email,
    subject: t("pricingEmail.subject", { plan: receipt.plan.name[locale] }),
    text: paragraphs.join("\n\n"),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1f2937">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
</body></html>`,
  };
}
