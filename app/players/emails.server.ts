import { formatNumber } from "../i18n/format.ts";
import type { Locale } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import type { Email } from "../platform/email.server.ts";
import { displayPhone } from "../platform/phone.ts";
import { escapeHtml } from "../platform/text.ts";
import type { RedeemRequestForm } from "./redeem-form.ts";

/**
 * The redeem request's confirmation, to the address given in the form: the goal, the points taken,
 * that a person checks it before anything is sent, and the number they will call. Nothing about
 * any other player.
 */
export function redeemConfirmationEmail(
  request: Omit<RedeemRequestForm, "goal"> & {
    id: number;
    goal: { name: Record<Locale, string>; cost: number };
  },
  locale: Locale,
): Email {
  const t = serverT(locale);
  const goal = request.goal.name[locale];
  const paragraphs = [
    t("playersEmail.greeting", { name: request.name }),
    t("playersEmail.received", {
      goal,
      points: formatNumber(request.goal.cost, locale),
      number: request.id,
    }),
    t("playersEmail.next", { phone: displayPhone(request.phone) }),
    t("playersEmail.status"),
    t("playersEmail.signature"),
  ];
  return {
    to: request.email,
    subject: t("playersEmail.subject", { goal }),
    text: paragraphs.join("\n\n"),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1f2937">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
</body></html>`,
  };
}
