import { and, eq, gt, inArray, isNotNull, or } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { job, jobReport } from "../db/schema/jobs.ts";
import type { Locale } from "../i18n/locale.ts";
import { type AuditedChange, actedFirst } from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import type { ModeratedKind } from "../platform/moderation.server.ts";
import { canMove } from "../platform/state-machine.ts";
import { POSTING_MOVES } from "./posting-status.ts";

// The job board's console operations (issue 25): reported postings, as the console reads and
// moderates them. The moves are the platform's (app/platform/moderation.server.ts). Postings have
// no author account (they are seeded), so hiding one e-mails nobody.

export const JOB_MODERATION: ModeratedKind = {
  kind: "job",
  item: job,
  id: job.id,
  hiddenAt: job.hiddenAt,
  hiddenReason: job.hiddenReason,
  hiddenNote: job.hiddenNote,
  reports: jobReport,
  reportId: jobReport.id,
  reportItem: jobReport.jobId,
  reportedAt: jobReport.createdAt,
  reportReason: jobReport.reason,
  reportDetails: jobReport.details,
  reportUser: jobReport.userId,
  resolvedAt: jobReport.resolvedAt,
  resolution: jobReport.resolution,
};

/** A reported posting as a moderator reads it. */
export type JobItem = { id: number; title: string; company: string; href: string };

/** The postings with these ids, titled in the moderator's language. */
export async function jobItems(
  db: Db | Tx,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, JobItem>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: job.id, title: job.title, company: job.company })
    .from(job)
    .where(inArray(job.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, title: row.title[locale], company: row.company, href: `/jobs/${row.id}` },
    ]),
  );
}

/** Where the queue's list of held postings stopped: waiting since, then id. */
type HeldPosition = { at: Date; id: number };

/**
 * Postings of employers not verified yet, held for staff, oldest first (since they were sent): the
 * back office queue's `postings` kind.
 */
export function heldPostings(
  db: Db | Tx,
  { after, limit }: { after: HeldPosition | null; limit: number },
) {
  return db
    .select({ id: job.id, title: job.title, company: job.company, heldSince: job.updatedAt })
    .from(job)
    .where(
      and(
        eq(job.status, "held"),
        after
          ? or(gt(job.updatedAt, after.at), and(eq(job.updatedAt, after.at), gt(job.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(job.updatedAt, job.id)
    .limit(limit);
}

export async function countHeldPostings(db: Db | Tx): Promise<number> {
  return db.$count(job, eq(job.status, "held"));
}

/**
 * Staff decide a held posting: published (from now, its place in the list), or sent back to its
 * employer's drafts. Someone who decided first makes this the 409 naming them.
 */
export async function decideHeldPosting(
  tx: Tx,
  id: number,
  to: "published" | "draft",
  now = new Date(),
): Promise<AuditedChange<{ status: "published" | "draft" }>> {
  const [current] = await tx
    .select({ status: job.status })
    .from(job)
    .where(and(eq(job.id, id), isNotNull(job.employerId)))
    .for("update");
  if (!current) throw new AppError("not_found");
  if (current.status !== "held" || !canMove(POSTING_MOVES, current.status, to))
    throw await actedFirst(tx, { kind: "job", id });
  await tx
    .update(job)
    .set({
      status: to,
      isOpen: to === "published",
      updatedAt: now,
      ...(to === "published" ? { postedAt: now } : {}),
    })
    .where(and(eq(job.id, id), eq(job.status, "held")));
  return {
    audit: {
      action: to === "published" ? "job.approve" : "job.reject",
      target: { kind: "job", id },
      before: { status: "held" },
      after: { status: to },
    },
    result: { status: to },
  };
}
