import type { Locale } from "../i18n/locale.ts";
import { localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import type { Email, StoredAttachment } from "../platform/email.server.ts";
import { escapeHtml } from "../platform/text.ts";
import type { AlertFilters } from "./alert-filters.ts";
import { formatPayRange, placeOf } from "./format.ts";
import type { JobSummary } from "./types.ts";

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;
const page = (locale: Locale, body: string[]) =>
  `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#1f2937">\n${body.join("\n")}\n</body></html>`;

/** A job posting's address on the site, in a language. */
const jobUrl = (baseUrl: string, jobId: number, locale: Locale) =>
  `${baseUrl}${localizedPath(`/jobs/${jobId}`, locale)}`;

type Posting = { id: number; title: string; company: string; reference: string };
type Applicant = { fullName: string; email: string; contactNo: string; summary: string };

/** To the posting's contact, in the contact's language, with the CV attached from storage. */
export function applicationEmail(
  to: { email: string; locale: Locale },
  posting: Posting,
  applicant: Applicant,
  cv: StoredAttachment,
  baseUrl: string,
): Email {
  const t = serverT(to.locale);
  const fields: [string, string][] = [
    [t("jobsEmail.application.name"), applicant.fullName],
    [t("jobsEmail.application.email"), applicant.email],
    [t("jobsEmail.application.phone"), applicant.contactNo],
    [t("jobsEmail.application.summary"), applicant.summary || t("jobsEmail.application.noSummary")],
  ];
  const intro = t("jobsEmail.application.intro", {
    name: applicant.fullName,
    title: posting.title,
    reference: posting.reference,
  });
  const link = jobUrl(baseUrl, posting.id, to.locale);
  const lines = [t("jobsEmail.application.cv"), t("jobsEmail.application.reply")];
  return {
    to: to.email,
    subject: t("jobsEmail.application.subject", { title: posting.title, name: applicant.fullName }),
    text: [
      intro,
      "",
      ...fields.map(([label, value]) => t("jobsEmail.field", { label, value })),
      "",
      ...lines,
      "",
      t("jobsEmail.field", { label: t("jobsEmail.application.posting"), value: link }),
      "",
      t("jobsEmail.sender"),
    ].join("\n"),
    html: page(to.locale, [
      paragraph(intro),
      `<table>${fields
        .map(
          ([label, value]) =>
            `<tr><th style="text-align:left;padding-right:12px;vertical-align:top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`,
      ...lines.map(paragraph),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t("jobsEmail.application.posting"))}</a></p>`,
      `<p style="font-size:13px;color:#64748b">${escapeHtml(t("jobsEmail.sender"))}</p>`,
    ]),
    attachments: [cv],
  };
}

/**
 * To the applicant, in the page's language: what was sent, and to whom, with the signed link to
 * follow (or withdraw) the application without an account. No CV in it.
 */
export function applicationConfirmationEmail(
  to: { email: string; name: string; locale: Locale },
  posting: Posting,
  baseUrl: string,
  statusUrl: string,
): Email {
  const t = serverT(to.locale);
  const link = jobUrl(baseUrl, posting.id, to.locale);
  const greeting = t("jobsEmail.confirmation.greeting", { name: to.name });
  const text = t("jobsEmail.confirmation.text", { title: posting.title, company: posting.company });
  const notYou = t("jobsEmail.confirmation.notYou");
  const follow = t("jobsEmail.confirmationLink", { link: statusUrl });
  return {
    to: to.email,
    subject: t("jobsEmail.confirmation.subject", { title: posting.title }),
    text: [
      greeting,
      "",
      text,
      "",
      t("jobsEmail.field", { label: t("jobsEmail.confirmation.posting"), value: link }),
      "",
      follow,
      "",
      notYou,
      "",
      t("jobsEmail.signature"),
    ].join("\n"),
    html: page(to.locale, [
      paragraph(greeting),
      paragraph(text),
      button(link, t("jobsEmail.confirmation.posting")),
      paragraph(follow),
      paragraph(notYou),
      paragraph(t("jobsEmail.signature")),
    ]),
  };
}

/** The filters of an alert as lines: "Keywords: nurse", "Mots-clés : nurse"... */
function filterLines(filters: AlertFilters, locale: Locale): string[] {
  const t = serverT(locale);
  const any = t("jobsEmail.filters.any");
  const list = (values: string[], group: "employerTypes" | "workSettings") =>
    values.length > 0
      ? values.map((value) => t(`jobs.${group}.${value}` as "jobs.workSettings.onsite")).join(", ")
      : any;
  const rows: [string, string][] = [
    [t("jobsEmail.filters.keywords"), filters.keywords || any],
    [t("jobsEmail.filters.location"), filters.location || any],
    [t("jobsEmail.filters.employerType"), list(filters.employerTypes, "employerTypes")],
    [t("jobsEmail.filters.workSettings"), list(filters.workSettings, "workSettings")],
  ];
  return rows.map(([label, value]) => t("jobsEmail.field", { label, value }));
}

const filterText = (lines: string[]) => lines.map((line) => `- ${line}`);
const filterHtml = (lines: string[]) =>
  `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;

/** CASL: nothing is sent to an alert's address before its owner confirms with this link. */
export function alertConfirmationEmail(
  to: { email: string; locale: Locale },
  filters: AlertFilters,
  confirmUrl: string,
): Email {
  const t = serverT(to.locale);
  const lines = filterLines(filters, to.locale);
  return {
    to: to.email,
    subject: t("jobsEmail.alertConfirm.subject"),
    text: [
      t("jobsEmail.alertConfirm.text"),
      ...filterText(lines),
      "",
      t("jobsEmail.field", { label: t("jobsEmail.alertConfirm.button"), value: confirmUrl }),
      "",
      t("jobsEmail.alertConfirm.ignore"),
      "",
      t("jobsEmail.sender"),
    ].join("\n"),
    html: page(to.locale, [
      paragraph(t("jobsEmail.alertConfirm.text")),
      filterHtml(lines),
      button(confirmUrl, t("jobsEmail.alertConfirm.button")),
      paragraph(t("jobsEmail.alertConfirm.ignore")),
      `<p style="font-size:13px;color:#64748b">${escapeHtml(t("jobsEmail.sender"))}</p>`,
    ]),
  };
}

/** The news of a confirmed alert, each posting with its pay, and a one-click unsubscribe link. */
export function alertDigestEmail(
  to: { email: string; locale: Locale },
  filters: AlertFilters,
  postings: JobSummary[],
  links: { baseUrl: string; searchUrl: string; unsubscribeUrl: string },
): Email {
  const { locale } = to;
  const t = serverT(locale);
  const lines = filterLines(filters, locale);
  const items = postings.map((posting) => {
    const pay = t(`jobs.pay.${posting.pay.period}`, { range: formatPayRange(posting.pay, locale) });
    return {
      title: posting.title[locale],
      where: `${posting.company} - ${placeOf(posting)}`,
      pay,
      url: jobUrl(links.baseUrl, posting.id, locale),
    };
  });
  return {
    to: to.email,
    subject: t("jobsEmail.alertDigest.subject", { count: postings.length }),
    text: [
      t("jobsEmail.alertDigest.intro"),
      ...filterText(lines),
      "",
      ...items.flatMap((item) => [`${item.title}`, `${item.where}, ${item.pay}`, item.url, ""]),
      t("jobsEmail.field", { label: t("jobsEmail.alertDigest.seeAll"), value: links.searchUrl }),
      "",
      t("jobsEmail.alertDigest.why"),
      t("jobsEmail.field", {
        label: t("jobsEmail.alertDigest.unsubscribe"),
        value: links.unsubscribeUrl,
      }),
      t("jobsEmail.sender"),
    ].join("\n"),
    html: page(locale, [
      paragraph(t("jobsEmail.alertDigest.intro")),
      filterHtml(lines),
      `<ul>${items
        .map(
          (item) =>
            `<li style="margin-bottom:12px"><a href="${escapeHtml(item.url)}"><strong>${escapeHtml(item.title)}</strong></a><br>${escapeHtml(item.where)}<br>${escapeHtml(item.pay)}</li>`,
        )
        .join("")}</ul>`,
      button(links.searchUrl, t("jobsEmail.alertDigest.seeAll")),
      `<p style="font-size:13px;color:#64748b">${escapeHtml(t("jobsEmail.alertDigest.why"))} <a href="${escapeHtml(links.unsubscribeUrl)}">${escapeHtml(t("jobsEmail.alertDigest.unsubscribe"))}</a><br>${escapeHtml(t("jobsEmail.sender"))}</p>`,
    ]),
    // Mail programs show their own Unsubscribe button and POST to the link (RFC 8058), which the
    // unsubscribe page's action takes like a click.
    headers: {
      "List-Unsubscribe": `<${links.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
