import { formatMoney, formatPercent } from "../i18n/format.ts";
import type { Locale } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type Email, paragraphsEmail } from "../platform/email.server.ts";
import { escapeHtml } from "../platform/text.ts";
import type { OrderStatus } from "./order-states.ts";
import { rateFraction } from "./tax.ts";
import type { Order } from "./types.ts";

/** Where the buyer pays (INTERAC_EMAIL) and follows the order (the signed status page). */
export type OrderEmailLinks = { interacEmail: string; statusUrl: string };

/**
 * The order's confirmation, in the buyer's language: its number, lines and totals, where it goes,
 * and how to pay: an Interac e-Transfer of the total to INTERAC_EMAIL with the order number in its
 * message, which staff match by hand.
 */
export function orderEmail(order: Order, locale: Locale, links: OrderEmailLinks): Email {
  const t = serverT(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const rows: [string, string][] = [
    ...order.lines.map((line): [string, string] => [
      t("shopEmail.line", { quantity: line.quantity, name: line.name[locale] }),
      money(line.lineTotalCents),
    ]),
    [t("shopEmail.subtotal"), money(order.subtotalCents)],
    ...order.taxes.map((tax): [string, string] => [
      t("shopEmail.tax", {
        kind: t(`shop.taxKinds.${tax.kind}`),
        rate: formatPercent(rateFraction(tax.rate), locale),
      }),
      money(tax.cents),
    ]),
    [t("shopEmail.total"), money(order.totalCents)],
  ];
  const address = [
    order.name,
    order.address,
    `${order.city} (${order.province}) ${order.postalCode}`,
  ];
  const paragraphs = [
    t("shopEmail.greeting", { name: order.name }),
    t("shopEmail.thanks", { number: order.number }),
    t("shopEmail.noPayment", {
      amount: money(order.totalCents),
      interacEmail: links.interacEmail,
      number: order.number,
    }),
    t("shopEmail.statusLink", { url: links.statusUrl }),
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    t("shopEmail.items"),
    ...rows.map(([label, amount]) => `  ${label.padEnd(width)}${amount}`),
    "",
    t("shopEmail.shipTo"),
    ...address.map((line) => `  ${line}`),
    "",
    t("shopEmail.signature"),
  ].join("\n");
  const cell = 'style="padding:4px 12px 4px 0"';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1f2937">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<h2 style="font-size:18px">${escapeHtml(t("shopEmail.items"))}</h2>
<table style="border-collapse:collapse">
${rows.map(([label, amount], index) => `<tr${index === rows.length - 1 ? ' style="font-weight:bold"' : ""}><td ${cell}>${escapeHtml(label)}</td><td ${cell} align="right">${escapeHtml(amount)}</td></tr>`).join("\n")}
</table>
<h2 style="font-size:18px">${escapeHtml(t("shopEmail.shipTo"))}</h2>
<p>${address.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(t("shopEmail.signature"))}</p>
</body></html>`;
  return { to: order.email, subject: t("shopEmail.subject", { number: order.number }), text, html };
}

/** The order as the e-mails of its later steps name it. */
export type OrderMailee = {
  number: string;
  name: string;
  email: string;
  totalCents: number;
};

/** What a step's e-mail tells: the references staff gave with it. */
export type StepDetails = {
  reference?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
};

/** An order cancelled because it stayed unpaid: its items are back on sale, nothing was charged. */
export function unpaidOrderCancelledEmail(
  order: OrderMailee,
  locale: Locale,
  hours: number,
  statusUrl: string,
): Email {
  const t = serverT(locale);
  return paragraphsEmail(
    order.email,
    t("shopEmail.expiredSubject", { number: order.number }),
    [
      t("shopEmail.greeting", { name: order.name }),
      t("shopEmail.expired", { number: order.number, hours }),
      t("shopEmail.expiredAgain"),
      t("shopEmail.statusLink", { url: statusUrl }),
      t("shopEmail.signature"),
    ],
    locale,
  );
}

/** The buyer told of a step staff took (paid, shipped, delivered, cancelled, refunded). */
export function orderStepEmail(
  order: OrderMailee,
  status: Exclude<OrderStatus, "awaiting_payment">,
  details: StepDetails,
  locale: Locale,
  statusUrl: string,
): Email {
  const t = serverT(locale);
  const values = {
    number: order.number,
    amount: formatMoney(order.totalCents, locale),
    reference: details.reference ?? "",
    carrier: details.carrier ?? "",
    trackingNumber: details.trackingNumber ?? "",
  };
  return paragraphsEmail(
    order.email,
    t(`shopEmail.status.${status}.subject`, values),
    [
      t("shopEmail.greeting", { name: order.name }),
      t(`shopEmail.status.${status}.body`, values),
      t("shopEmail.statusLink", { url: statusUrl }),
      t("shopEmail.signature"),
    ],
    locale,
  );
}
