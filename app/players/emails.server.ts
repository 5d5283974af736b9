import { formatNumber } from "../i18n/format.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type Email, paragraphsEmail } from "../platform/email.server.ts";
import { displayPhone } from "../platform/phone.ts";
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
  return paragraphsEmail(request.email, t("playersEmail.subject", { goal }), paragraphs, locale);
}

/**
 * Staff fulfilled or declined a redeem request: to the address the player gave in the request, in
 * the player's language, with the team's note or the reason, and (declined) the points given back.
 */
export function redeemDecisionEmail(
  request: {
    id: number;
    name: string;
    email: string;
    cost: number;
    goal: Record<Locale, string>;
    status: "fulfilled" | "declined";
    note: string;
  },
  locale: Locale,
): Email {
  const t = serverT(locale);
  const goal = request.goal[locale];
  const values = { goal, number: request.id, points: formatNumber(request.cost, locale) };
  const fulfilled = request.status === "fulfilled";
  const paragraphs = [
    t("playersEmail.greeting", { name: request.name }),
    fulfilled ? t("playersEmail.fulfilled", values) : t("playersEmail.declined", values),
    fulfilled
      ? t("playersEmail.teamNote", { note: request.note })
      : t("playersEmail.declineReason", { reason: request.note }),
    t("playersEmail.signature"),
  ];
  const subject = fulfilled
    ? t("playersEmail.fulfilledSubject", { goal })
    : t("playersEmail.declinedSubject", { goal });
  return paragraphsEmail(request.email, subject, paragraphs, locale);
}

/** Staff replaced the player's name or handle: what it is now, and why. */
export function renamedEmail(
  player: { name: string; email: string; locale: Locale },
  change: { field: "name" | "handle"; value: string },
): Email {
  const t = serverT(player.locale);
  const paragraphs = [
    t("playersEmail.greeting", { name: player.name }),
    change.field === "name"
      ? t("playersEmail.renamedName", { value: change.value })
      : t("playersEmail.renamedHandle", { value: change.value }),
    t("playersEmail.signature"),
  ];
  return paragraphsEmail(player.email, t("playersEmail.renamedSubject"), paragraphs, player.locale);
}

/**
 * A child's redeem request waits for a parent: to the parent's own address, in the parent's
 * language, with the link to the child's family page where they approve or decline it.
 */
export function parentApprovalEmail(
  parent: { email: string; name: string; locale: Locale },
  request: {
    childId: string;
    childName: string;
    goal: { name: Record<Locale, string>; cost: number };
  },
  baseUrl: string,
): Email {
  const t = serverT(parent.locale);
  const link = `${baseUrl}${localizedPath(`/family/children/${request.childId}`, parent.locale)}`;
  const values = {
    child: request.childName,
    goal: request.goal.name[parent.locale],
    points: formatNumber(request.goal.cost, parent.locale),
  };
  const paragraphs = [
    t("playersEmail.greeting", { name: parent.name }),
    t("playersEmail.familyApprovalAsked", values),
    t("playersEmail.familyApprovalLink", { link }),
    t("playersEmail.signature"),
  ];
  return paragraphsEmail(
    parent.email,
    t("playersEmail.familyApprovalSubject", values),
    paragraphs,
    parent.locale,
  );
}
