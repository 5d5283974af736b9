import { pruneSignInFailures } from "./auth/sign-in-limit.server.ts";
import type { Database } from "./db/client.server.ts";
import { sweepOldStats } from "./directory/stats.server.ts";
import { sendAlertDigests, sendInstantAlerts } from "./jobs/alerts.server.ts";
import { remindUndecidedInterviews } from "./jobs/inbox.server.ts";
import { closeDuePostings } from "./jobs/postings.server.ts";
import type { Config } from "./platform/config.server.ts";
import { sweepOrphanedContentPictures } from "./platform/content-pictures.server.ts";
import { pruneAttempts } from "./platform/rate-limit.server.ts";
import type { Task } from "./platform/scheduler.server.ts";
import type { Storage } from "./platform/storage.server.ts";
import { sweepOrphanedAvatars } from "./players/account.server.ts";
import { deleteUnconsentedChildren } from "./players/consent.server.ts";
import { sweepVisitorCarts } from "./shop/cart.server.ts";
import { releaseUnpaidOrders } from "./shop/checkout.server.ts";

export type TaskSettings = Pick<
  Config,
  "baseUrl" | "authSecret" | "JOB_ALERTS_AT" | "SWEEP_EVERY_MINUTES" | "UNPAID_ORDER_HOURS"
>;

/**
 * Everything the site does on a schedule rather than for a request, run by the scheduler
 * (app/platform/scheduler.server.ts). Each is safe to run again, or at the same time as another
 * run of itself: a retry after a failure partway repeats nothing that was done.
 */
export function scheduledTasks(db: Database, storage: Storage, settings: TaskSettings): Task[] {
  const [hour, minute] = settings.JOB_ALERTS_AT.split(":").map(Number);
  const sweeps =
    settings.SWEEP_EVERY_MINUTES === 60 ? "0 * * * *" : `*/${settings.SWEEP_EVERY_MINUTES} * * * *`;
  return [
    {
      // The day's new postings to each confirmed alert (a large list takes a while).
      name: "job-alerts",
      cron: `${minute} ${hour} * * *`,
      timeoutSeconds: 60 * 60,
      run: () => sendAlertDigests(db, { baseUrl: settings.baseUrl }),
    },
    {
      // "At once" alerts: each new matching posting within a minute of its publishing (by an
      // employer or by staff approving it), never twice (decision 0072). Kept out of the publishing
      // transaction, so twenty employers publishing together do not wait on the subscribers.
      name: "job-alerts-instant",
      cron: "* * * * *",
      run: () => sendInstantAlerts(db, { baseUrl: settings.baseUrl }),
    },
    {
      // Postings whose closing date has come: closed. Until then search, the sitemap and the
      // apply form already treat them as closed by their date; this makes their status say so.
      name: "close-due-postings",
      cron: sweeps,
      run: async () => ({ closed: await closeDuePostings(db) }),
    },
    {
      // Ontario's 45-day rule: employers reminded of interviews 35 days old without a decision.
      name: "remind-undecided-interviews",
      cron: sweeps,
      run: async () => ({
        reminded: await remindUndecidedInterviews(db, { baseUrl: settings.baseUrl }),
      }),
    },
    {
      // Orders unpaid for UNPAID_ORDER_HOURS: cancelled, their stock back on sale, the buyer told.
      name: "release-unpaid-orders",
      cron: sweeps,
      run: async () => ({
        released: await releaseUnpaidOrders(db, settings.UNPAID_ORDER_HOURS, {
          baseUrl: settings.baseUrl,
          secret: settings.authSecret,
        }),
      }),
    },
    {
      // Visitors' carts left untouched for 30 days.
      name: "sweep-carts",
      cron: sweeps,
      run: async () => ({ removed: await sweepVisitorCarts(db) }),
    },
    {
      // Pictures left by an upload cut off between saving its file and recording it.
      name: "sweep-avatars",
      cron: sweeps,
      run: async () => ({ removed: await sweepOrphanedAvatars(db, storage) }),
    },
    {
      // Covers and pictures that staff edits replaced or removed, and uploads whose save failed.
      name: "sweep-content-pictures",
      cron: sweeps,
      run: async () => ({ removed: await sweepOrphanedContentPictures(db, storage) }),
    },
    {
      // Rate-limit windows and sign-in attempts old enough to count for nothing any more.
      name: "prune-limits",
      cron: sweeps,
      run: async () => ({
        windows: await pruneAttempts(db),
        signInFailures: await pruneSignInFailures(db),
      }),
    },
    {
      // Children's accounts whose week ended without a parent's consent (decision 0064).
      name: "delete-unconsented-children",
      cron: sweeps,
      run: async () => ({ deleted: await deleteUnconsentedChildren(db) }),
    },
    {
      // Listings' daily figures older than two years (the privacy page says so).
      name: "sweep-stats",
      cron: sweeps,
      run: async () => ({ removed: await sweepOldStats(db) }),
    },
  ];
}
