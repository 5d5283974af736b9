import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../db/client.server.ts";
import { job, jobAlert, jobText } from "../db/schema/jobs.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { type AlertFilters, alertCriteria, alertQuery } from "./alert-filters.ts";
import { alertConfirmationEmail, alertDigestEmail } from "./emails.server.ts";
import { jobMatch, matchingJobs } from "./jobs.server.ts";
import { summaryColumns, toSummary } from "./summaries.server.ts";

/** Postings one alert mail lists at most; "See all" opens the rest on the site. */
const DIGEST_SIZE = 20;
/** An alert nobody confirmed within a week is dropped. */
const UNCONFIRMED_DAYS = 7;

/** Tokens this site makes: 24 random bytes in base64url. Anything else names no alert. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const isAlertToken = (token: unknown): token is string =>
  typeof token === "string" && TOKEN.test(token);

const alertLinks = (baseUrl: string, token: string, locale: Locale) => ({
  confirm: `${baseUrl}${localizedPath("/jobs/alerts/confirm", locale)}?token=${token}`,
  unsubscribe: `${baseUrl}${localizedPath("/jobs/alerts/unsubscribe", locale)}?token=${token}`,
});

const sameFilters = (a: AlertFilters, b: AlertFilters) =>
  JSON.stringify([a.keywords, a.location, a.employerTypes, a.workSettings]) ===
  JSON.stringify([b.keywords, b.location, b.employerTypes, b.workSettings]);

/**
 * Records an alert and mails the link that confirms it, in one transaction; nothing else is ever
 * sent to the address before that link is followed (CASL). The same e-mail and filters already
 * confirmed are left alone, and the answer is the same either way, so the form tells nobody who
 * subscribes to what.
 */
export async function createAlert(
  db: Database,
  input: { email: string; locale: Locale; filters: AlertFilters; baseUrl: string },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const existing = await db
    .select({ filters: jobAlert.filters })
    .from(jobAlert)
    .where(and(eq(jobAlert.email, email), isNotNull(jobAlert.confirmedAt)));
  if (existing.some((alert) => sameFilters(alert.filters, input.filters))) return;
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .insert(jobAlert)
      .values({ email, locale: input.locale, filters: input.filters, token });
    await enqueueEmail(
      tx,
      alertConfirmationEmail(
        { email, locale: input.locale },
        input.filters,
        alertLinks(input.baseUrl, token, input.locale).confirm,
      ),
    );
  });
}

export type AlertView = { email: string; filters: AlertFilters; confirmed: boolean };

/** The alert a link's token names, or null. */
export async function findAlert(db: Db | Tx, token: string): Promise<AlertView | null> {
  if (!isAlertToken(token)) return null;
  const [row] = await db
    .select({ email: jobAlert.email, filters: jobAlert.filters, confirmedAt: jobAlert.confirmedAt })
    .from(jobAlert)
    .where(eq(jobAlert.token, token));
  return row
    ? { email: row.email, filters: row.filters, confirmed: row.confirmedAt !== null }
    : null;
}

/**
 * Confirms the alert (once: a second click changes nothing). Its news start from now: the first
 * mail lists postings published after the confirmation.
 */
export async function confirmAlert(db: Db | Tx, token: string, now = new Date()): Promise<boolean> {
  if (!isAlertToken(token)) return false;
  const rows = await db
    .update(jobAlert)
    .set({
      confirmedAt: sql`coalesce(${jobAlert.confirmedAt}, ${now})`,
      lastSentAt: sql`coalesce(${jobAlert.lastSentAt}, ${now})`,
    })
    .where(eq(jobAlert.token, token))
    .returning({ id: jobAlert.id });
  return rows.length > 0;
}

/** One click: the alert is gone, with its address. False when the link names none. */
export async function unsubscribeAlert(db: Db | Tx, token: string): Promise<boolean> {
  if (!isAlertToken(token)) return false;
  const rows = await db
    .delete(jobAlert)
    .where(eq(jobAlert.token, token))
    .returning({ id: jobAlert.id });
  return rows.length > 0;
}

/**
 * The daily "job-alerts" task (app/scheduled-tasks.server.ts), also run by `npm run jobs:alerts`:
 * mails each confirmed alert the open postings matching its filters that were published since its
 * last mail (at most DIGEST_SIZE, newest first), and moves its mark to `now`. Each alert in a
 * transaction of its own that locks it, so two runs never mail one twice. Alerts with no news get
 * no mail. Also drops week-old unconfirmed alerts.
 */
export async function sendAlertDigests(
  db: Database,
  options: { baseUrl: string; now?: Date },
): Promise<{ alerts: number; mailed: number }> {
  const now = options.now ?? new Date();
  await db
    .delete(jobAlert)
    .where(
      and(
        isNull(jobAlert.confirmedAt),
        lt(jobAlert.createdAt, new Date(now.getTime() - UNCONFIRMED_DAYS * 86_400_000)),
      ),
    );

  let lastId = 0;
  let alerts = 0;
  let mailed = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [alert] = await tx
        .select()
        .from(jobAlert)
        .where(and(isNotNull(jobAlert.confirmedAt), gt(jobAlert.id, lastId)))
        .orderBy(asc(jobAlert.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!alert) return null;
      const since = alert.lastSentAt ?? alert.confirmedAt ?? now;
      const rows = await tx
        .select(summaryColumns)
        .from(job)
        .innerJoin(jobText, eq(jobText.jobId, job.id))
        .where(matchingJobs(jobMatch(alertCriteria(alert.filters), now, since)))
        .orderBy(desc(job.postedAt), desc(job.id))
        .limit(DIGEST_SIZE);
      if (rows.length > 0) {
        const locale = alert.locale as Locale;
        const query = alertQuery(alert.filters);
        await enqueueEmail(
          tx,
          alertDigestEmail({ email: alert.email, locale }, alert.filters, rows.map(toSummary), {
            baseUrl: options.baseUrl,
            searchUrl: `${options.baseUrl}${localizedPath(`/jobs${query ? `?${query}` : ""}`, locale)}`,
            unsubscribeUrl: alertLinks(options.baseUrl, alert.token, locale).unsubscribe,
          }),
        );
        await tx.update(jobAlert).set({ lastSentAt: now }).where(eq(jobAlert.id, alert.id));
      }
      return { id: alert.id, mailed: rows.length > 0 };
    });
    if (!outcome) break;
    lastId = outcome.id;
    alerts += 1;
    if (outcome.mailed) mailed += 1;
  }
  return { alerts, mailed };
}
