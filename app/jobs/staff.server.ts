import { and, asc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { employer, job, jobReport } from "../db/schema/jobs.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type AuditedChange, actedFirst } from "../platform/audit.server.ts";
import { enqueueEmail, paragraphsEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import type { ModeratedKind } from "../platform/moderation.server.ts";
import { canMove } from "../platform/state-machine.ts";
import { playerContact } from "../players/identity.server.ts";
import { employerHref } from "./employer-nav.ts";
import { employerProfile, membersOf } from "./employers.server.ts";
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

// Employers waiting for staff to verify them (issue 27): neither verified nor rejected yet.

const waiting = and(isNull(employer.verifiedAt), isNull(employer.rejectedAt));

export const waitingEmployersCount: SQL<number> = sql<number>`(select count(*)::integer
  from ${employer} where ${waiting})`;

/** Waiting employers, oldest first, after the queue's position (employer_waiting_idx). */
export async function waitingEmployers(
  db: Db | Tx,
  { after, limit }: { after: { at: Date; id: number } | null; limit: number },
) {
  return db
    .select({
      id: employer.id,
      name: employer.name,
      province: employer.province,
      createdAt: employer.createdAt,
    })
    .from(employer)
    .where(
      and(
        waiting,
        after
          ? or(
              gt(employer.createdAt, after.at),
              and(eq(employer.createdAt, after.at), gt(employer.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(employer.createdAt), asc(employer.id))
    .limit(limit);
}

/**
 * An employer as the console's decision page shows it: its whole profile (the private contact
 * address included: staff write to it), its members, and what was decided.
 */
export async function employerForStaff(db: Db | Tx, id: number) {
  const profile = await employerProfile(db, id);
  const [state] = await db
    .select({
      createdAt: employer.createdAt,
      verifiedAt: employer.verifiedAt,
      rejectedAt: employer.rejectedAt,
      rejectionReason: employer.rejectionReason,
    })
    .from(employer)
    .where(eq(employer.id, id));
  if (!state) throw new AppError("not_found");
  const status = state.verifiedAt ? "verified" : state.rejectedAt ? "rejected" : "waiting";
  return { id, ...profile, ...state, status, members: await membersOf(db, id) } as const;
}

/** A mail to each member of the employer, written in their own language, signed by the site. */
async function mailMembers(
  tx: Tx,
  employerId: number,
  compose: (
    t: ReturnType<typeof serverT>,
    locale: Locale,
  ) => { subject: string; paragraphs: string[] },
): Promise<void> {
  for (const member of await membersOf(tx, employerId)) {
    const contact = await playerContact(tx, member.id);
    if (!contact) continue;
    const t = serverT(contact.locale);
    const { subject, paragraphs } = compose(t, contact.locale);
    await enqueueEmail(
      tx,
      paragraphsEmail(
        contact.email,
        subject,
        [...paragraphs, t("jobsEmail.signature")],
        contact.locale,
      ),
    );
  }
}

export type EmployerDecision = { to: "verified" } | { to: "rejected"; reason: string };

/**
 * Staff verify a waiting employer (its badge shows from then on) or reject it with a reason its
 * members read. The conditional UPDATE on "still waiting" makes the second of two staff members a
 * 409 naming the first. Each member is told by e-mail in their own language.
 */
export async function decideEmployer(
  tx: Tx,
  id: number,
  decision: EmployerDecision,
  { baseUrl }: { baseUrl: string },
): Promise<AuditedChange<{ status: EmployerDecision["to"] }>> {
  const target = { kind: "employer", id };
  const now = new Date();
  const [moved] = await tx
    .update(employer)
    .set(
      decision.to === "verified"
        ? { verifiedAt: now }
        : { rejectedAt: now, rejectionReason: decision.reason },
    )
    .where(and(eq(employer.id, id), waiting))
    .returning({ name: employer.name });
  if (!moved) {
    const [exists] = await tx.select({ id: employer.id }).from(employer).where(eq(employer.id, id));
    if (!exists) throw new AppError("not_found");
    throw await actedFirst(tx, target);
  }
  await mailMembers(tx, id, (t, locale) => ({
    subject: t(`jobsEmail.employerDecision.${decision.to}.subject`, { employer: moved.name }),
    paragraphs: [
      t(`jobsEmail.employerDecision.${decision.to}.body`, { employer: moved.name }),
      ...(decision.to === "rejected"
        ? [t("jobsEmail.employerDecision.reason", { reason: decision.reason })]
        : []),
      t("jobsEmail.employerDecision.page", {
        link: `${baseUrl}${localizedPath(employerHref(id), locale)}`,
      }),
    ],
  }));
  return {
    audit: {
      action: decision.to === "verified" ? "employer.verify" : "employer.reject",
      target,
      before: { status: "waiting" },
      after: { status: decision.to },
      reason: decision.to === "rejected" ? decision.reason : null,
    },
    result: { status: decision.to },
  };
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

export const heldPostingsCount: SQL<number> = sql<number>`(select count(*)::integer
  from ${job} where ${eq(job.status, "held")})`;

export type PostingDecision = { to: "published" } | { to: "draft"; reason: string };

/**
 * Staff decide a held posting: published (from now, its place in the list), or sent back to its
 * employer's drafts with a reason its members read on its page and by e-mail. Someone who decided
 * first makes this the 409 naming them.
 */
export async function decideHeldPosting(
  tx: Tx,
  id: number,
  decision: PostingDecision,
  { baseUrl, now = new Date() }: { baseUrl: string; now?: Date },
): Promise<AuditedChange<{ status: PostingDecision["to"] }>> {
  const { to } = decision;
  const [current] = await tx
    .select({ status: job.status, employerId: job.employerId, title: job.title })
    .from(job)
    .where(and(eq(job.id, id), isNotNull(job.employerId)))
    .for("update");
  if (!current?.employerId) throw new AppError("not_found");
  if (current.status !== "held" || !canMove(POSTING_MOVES, current.status, to))
    throw await actedFirst(tx, { kind: "job", id });
  await tx
    .update(job)
    .set({
      status: to,
      isOpen: to === "published",
      updatedAt: now,
      sentBackReason: decision.to === "draft" ? decision.reason : null,
      ...(to === "published" ? { postedAt: now } : {}),
    })
    .where(and(eq(job.id, id), eq(job.status, "held")));
  if (decision.to === "draft") {
    const employerId = current.employerId;
    await mailMembers(tx, employerId, (t, locale) => ({
      subject: t("jobsEmail.postingSentBack.subject", { title: current.title[locale] }),
      paragraphs: [
        t("jobsEmail.postingSentBack.body", { title: current.title[locale] }),
        t("jobsEmail.employerDecision.reason", { reason: decision.reason }),
        t("jobsEmail.postingSentBack.page", {
          link: `${baseUrl}${localizedPath(employerHref(employerId, `jobs/${id}`), locale)}`,
        }),
      ],
    }));
  }
  return {
    audit: {
      action: to === "published" ? "job.approve" : "job.reject",
      target: { kind: "job", id },
      before: { status: "held" },
      after: { status: to },
      reason: decision.to === "draft" ? decision.reason : null,
    },
    result: { status: to },
  };
}
