import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../db/client.server.ts";
import { type AlertFrequency, job, jobAlert, jobAlertSent, jobText } from "../db/schema/jobs.ts";
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
  input: {
    email: string;
    locale: Locale;
    filters: AlertFilters;
    /** Daily unless asked. */
    frequency?: AlertFrequency;
    baseUrl: string;
  },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const frequency = input.frequency ?? "daily";
  const existing = await db
    .select({ filters: jobAlert.filters, frequency: jobAlert.frequency })
    .from(jobAlert)
    .where(and(eq(jobAlert.email, email), isNotNull(jobAlert.confirmedAt)));
  if (
    existing.some(
      (alert) => alert.frequency === frequency && sameFilters(alert.filters, input.filters),
    )
  )
    return;
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.insert(jobAlert).values({
      email,
      locale: input.locale,
      filters: input.filters,
      frequency: input.frequency,
      token,
    });
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

/** The news one alert's mail lists: its postings, newest first, and where its links lead. */
async function mailNews(
  tx: Tx,
  alert: typeof jobAlert.$inferSelect,
  where: SQL | undefined,
  baseUrl: string,
) {
  const rows = await tx
    .select(summaryColumns)
    .from(job)
    .innerJoin(jobText, eq(jobText.jobId, job.id))
    .where(where)
    .orderBy(desc(job.postedAt), desc(job.id))
    .limit(DIGEST_SIZE);
  if (rows.length === 0) return [];
  const locale = alert.locale as Locale;
  const query = alertQuery(alert.filters);
  await enqueueEmail(
    tx,
    alertDigestEmail({ email: alert.email, locale }, alert.filters, rows.map(toSummary), {
      baseUrl,
      searchUrl: `${baseUrl}${localizedPath(`/jobs${query ? `?${query}` : ""}`, locale)}`,
      unsubscribeUrl: alertLinks(baseUrl, alert.token, locale).unsubscribe,
    }),
  );
  return rows;
}

/**
 * Each confirmed alert of `frequency` in turn, in a transaction of its own that locks it (skipping
 * one another run holds), so two runs never mail one twice; `mail` says whether it mailed.
 */
async function eachAlert(
  db: Database,
  frequency: AlertFrequency,
  mail: (tx: Tx, alert: typeof jobAlert.$inferSelect) => Promise<boolean>,
): Promise<{ alerts: number; mailed: number }> {
  let lastId = 0;
  let alerts = 0;
  let mailed = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [alert] = await tx
        .select()
        .from(jobAlert)
        .where(
          and(
            isNotNull(jobAlert.confirmedAt),
            eq(jobAlert.frequency, frequency),
            gt(jobAlert.id, lastId),
          ),
        )
        .orderBy(asc(jobAlert.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!alert) return null;
      return { id: alert.id, mailed: await mail(tx, alert) };
    });
    if (!outcome) break;
    lastId = outcome.id;
    alerts += 1;
    if (outcome.mailed) mailed += 1;
  }
  return { alerts, mailed };
}

/**
 * The daily "job-alerts" task (app/scheduled-tasks.server.ts), also run by `npm run jobs:alerts`:
 * mails each confirmed daily alert the open postings matching its filters that were published
 * since its last mail (at most DIGEST_SIZE, newest first), and moves its mark to `now`. Alerts
 * with no news get no mail. Also drops week-old unconfirmed alerts.
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
  return eachAlert(db, "daily", async (tx, alert) => {
    const since = alert.lastSentAt ?? alert.confirmedAt ?? now;
    const where = matchingJobs(jobMatch(alertCriteria(alert.filters), now, since));
    const rows = await mailNews(tx, alert, where, options.baseUrl);
    if (rows.length === 0) return false;
    await tx.update(jobAlert).set({ lastSentAt: now }).where(eq(jobAlert.id, alert.id));
    return true;
  });
}

/** How far back an "at once" run looks: a posting is news for a day after it is published. */
const INSTANT_WINDOW_MS = 86_400_000;

/**
 * The "job-alerts-instant" task, every minute: mails each confirmed "at once" alert the postings
 * matching its filters published in the last day (or since it was confirmed) that it was not yet
 * mailed, and records each one in job_alert_sent, so a posting reaches a subscriber once, even
 * when it is published again (a repost, or staff approving a held one). The sent rows, not a
 * time mark, say what was mailed: a posting whose publishing commits late is still found.
 */
export async function sendInstantAlerts(
  db: Database,
  options: { baseUrl: string; now?: Date },
): Promise<{ alerts: number; mailed: number }> {
  const now = options.now ?? new Date();
  const dayAgo = new Date(now.getTime() - INSTANT_WINDOW_MS);
  return eachAlert(db, "instant", async (tx, alert) => {
    const confirmed = alert.confirmedAt ?? now;
    const since = confirmed > dayAgo ? confirmed : dayAgo;
    const notSent = sql`not exists (select 1 from ${jobAlertSent} where ${jobAlertSent.alertId} = ${alert.id} and ${jobAlertSent.jobId} = ${job.id})`;
    const where = and(matchingJobs(jobMatch(alertCriteria(alert.filters), now, since)), notSent);
    const rows = await mailNews(tx, alert, where, options.baseUrl);
    if (rows.length === 0) return false;
    await tx
      .insert(jobAlertSent)
      .values(rows.map((row) => ({ alertId: alert.id, jobId: row.id, sentAt: now })))
      .onConflictDoNothing();
    await tx.update(jobAlert).set({ lastSentAt: now }).where(eq(jobAlert.id, alert.id));
    return true;
  });
}
