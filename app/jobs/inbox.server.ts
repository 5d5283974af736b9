import { and, asc, desc, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.server.ts";
import {
  type ApplicationStatus,
  employer,
  employerMember,
  job,
  jobApplication,
} from "../db/schema/jobs.ts";
import { formatDateTime } from "../i18n/format.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { actedFirst } from "../platform/audit.server.ts";
import { enqueueEmail, paragraphsEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { signedIdOf, signedToken } from "../platform/signed-links.server.ts";
import { playerContact } from "../players/identity.server.ts";
import {
  APPLICATION_MOVES,
  type ApplicantApplication,
  type ApplicationMove,
  DAY_MS,
  OVERDUE_AFTER_DAYS,
  REMIND_AFTER_DAYS,
  RESPONSE_RATE_MIN_APPLICATIONS,
  responseRate,
} from "./application-status.ts";
import { type EmployerActor, employerWrite } from "./employers.server.ts";
import { answersOf } from "./screening.server.ts";

/** What an application's status link is signed for. */
const STATUS_LINK_PURPOSE = "job-application";

/** What e-mailing an applicant needs: the site's address and the secret that signs their link. */
export type LinkOptions = { baseUrl: string; secret: string };

/** The signed link to one application's status page, for an applicant without an account. */
export function statusLink(applicationId: number, locale: Locale, links: LinkOptions): string {
  const token = signedToken(STATUS_LINK_PURPOSE, applicationId, links.secret);
  return `${links.baseUrl}${localizedPath(`/jobs/applications/${token}`, locale)}`;
}

/** The latest interview of an application, or undefined. */
const lastInterview = (interviewAt: readonly Date[]) =>
  interviewAt.length === 0 ? undefined : new Date(Math.max(...interviewAt.map(Number)));

/**
 * Ontario's 45-day rule: an application still at "interviewing" 45 days after its last interview
 * has waited too long for a decision (any later status is one, or a withdrawal).
 */
function isOverdue(
  application: { status: ApplicationStatus; interviewAt: readonly Date[] },
  now: Date,
): boolean {
  const last = lastInterview(application.interviewAt);
  return (
    application.status === "interviewing" &&
    last !== undefined &&
    now.getTime() - last.getTime() >= OVERDUE_AFTER_DAYS * DAY_MS
  );
}

/** One of the employer's postings, or the 404 (another employer's, or none). */
async function employerJob(db: Db | Tx, employerId: number, jobId: number) {
  const [row] = await db
    .select({ id: job.id, title: job.title })
    .from(job)
    .where(and(eq(job.id, jobId), eq(job.employerId, employerId)));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * A posting's applications as its inbox shows them, oldest first: the applicant's details, the
 * status with its interviews, and whether the 45-day rule is overdue. Another employer's posting
 * is the 404.
 */
export async function postingApplications(
  db: Db | Tx,
  employerId: number,
  jobId: number,
  now = new Date(),
) {
  const posting = await employerJob(db, employerId, jobId);
  const rows = await db
    .select({
      id: jobApplication.id,
      fullName: jobApplication.fullName,
      email: jobApplication.email,
      contactNo: jobApplication.contactNo,
      summary: jobApplication.summary,
      cvBytes: jobApplication.cvBytes,
      status: jobApplication.status,
      interviewAt: jobApplication.interviewAt,
      createdAt: jobApplication.createdAt,
    })
    .from(jobApplication)
    .where(eq(jobApplication.jobId, jobId))
    .orderBy(asc(jobApplication.createdAt), asc(jobApplication.id));
  const answers = await answersOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    posting,
    applications: rows.map((row) => ({
      ...row,
      answers: answers.get(row.id) ?? [],
      overdue: isOverdue(row, now),
    })),
  };
}

/** The number of applications to each of the employer's postings (its postings' pages link them). */
export async function applicationCount(db: Db | Tx, jobId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobApplication)
    .where(eq(jobApplication.jobId, jobId));
  return row?.count ?? 0;
}

/** The application with its posting, when it is one of employer `employerId`'s; else the 404. */
async function employerApplication(db: Db | Tx, employerId: number, applicationId: number) {
  const [row] = await db
    .select({
      id: jobApplication.id,
      jobId: jobApplication.jobId,
      status: jobApplication.status,
      fullName: jobApplication.fullName,
      email: jobApplication.email,
      locale: jobApplication.locale,
      cvName: jobApplication.cvName,
      cvFilename: jobApplication.cvFilename,
      title: job.title,
      company: job.company,
    })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .where(and(eq(jobApplication.id, applicationId), eq(job.employerId, employerId)));
  if (!row) throw new AppError("not_found");
  return row;
}

/** The e-mail telling an applicant, in their language, where their application now is. */
function statusEmail(
  application: { id: number; email: string; fullName: string; locale: string; title: unknown },
  company: string,
  status: ApplicationStatus,
  interviewAt: Date | undefined,
  links: LinkOptions,
) {
  const locale = application.locale as Locale;
  const t = serverT(locale);
  const title = (application.title as Record<Locale, string>)[locale];
  const statusName = t(`jobs.applications.status.${status}`);
  return paragraphsEmail(
    application.email,
    t("jobsEmail.applicationStatus.subject", { title, status: statusName }),
    [
      t("jobsEmail.confirmation.greeting", { name: application.fullName }),
      t("jobsEmail.applicationStatus.intro", { title, company, status: statusName }),
      ...(interviewAt
        ? [
            t("jobsEmail.applicationStatus.interview", {
              at: formatDateTime(interviewAt.toISOString(), locale),
            }),
          ]
        : []),
      t("jobsEmail.applicationStatus.link", { link: statusLink(application.id, locale, links) }),
      t("jobsEmail.signature"),
    ],
    locale,
  );
}

/**
 * A member (or staff) moves an application (APPLICATION_MOVES), through `employerWrite` with its
 * audit row (`application.status`): one conditional UPDATE on the status read, so of two members
 * moving it at once one succeeds and the other gets the 409 naming who acted first (as does a
 * form sent from a page showing an older status). The applicant is e-mailed in their language.
 * The first move out of "received" is the answer the response rate measures; a new interview
 * restarts the 45-day clock and its reminder.
 */
export function moveApplication(
  db: Db,
  actor: EmployerActor,
  applicationId: number,
  move: ApplicationMove,
  links: LinkOptions,
  now = new Date(),
): Promise<ApplicationStatus> {
  return employerWrite(db, actor, async (tx) => {
    const current = await employerApplication(tx, actor.employerId, applicationId);
    const target = { kind: "job_application", id: applicationId };
    if (move.from && move.from !== current.status) throw await actedFirst(tx, target);
    if (!APPLICATION_MOVES[current.status].includes(move.status))
      throw new AppError("conflict", { message: "employer.inbox.problems.move" });
    const interview = move.status === "interviewing" ? move.interviewAt : undefined;
    const moved = await tx
      .update(jobApplication)
      .set({
        status: move.status,
        ...(current.status === "received" ? { answeredAt: now } : {}),
        ...(interview
          ? {
              interviewAt: sql`array_append(${jobApplication.interviewAt}, ${interview.toISOString()}::timestamptz)`,
              reminderSentAt: null,
            }
          : {}),
      })
      .where(and(eq(jobApplication.id, applicationId), eq(jobApplication.status, current.status)))
      .returning({ id: jobApplication.id });
    if (moved.length === 0) throw await actedFirst(tx, target);
    await enqueueEmail(tx, statusEmail(current, current.company, move.status, interview, links));
    return {
      audit: {
        action: "application.status",
        target,
        before: { status: current.status },
        after: { status: move.status, ...(interview ? { interviewAt: interview } : {}) },
      },
      result: move.status,
    };
  });
}

/**
 * The CV of one of the employer's applications, for a member or staff: the opening is written to
 * the audit trail (`application.cv_open`) before the file is read. Another employer's is the 404.
 */
export function openApplicationCv(
  db: Db,
  actor: EmployerActor,
  jobId: number,
  applicationId: number,
): Promise<{ name: string; filename: string }> {
  return employerWrite(db, actor, async (tx) => {
    const application = await employerApplication(tx, actor.employerId, applicationId);
    if (application.jobId !== jobId) throw new AppError("not_found");
    return {
      audit: {
        action: "application.cv_open",
        target: { kind: "job_application", id: applicationId },
      },
      result: { name: application.cvName, filename: application.cvFilename },
    };
  });
}

/** The columns an applicant's own page shows of an application. */
const applicantColumns = {
  id: jobApplication.id,
  jobId: jobApplication.jobId,
  title: job.title,
  company: job.company,
  status: jobApplication.status,
  interviewAt: jobApplication.interviewAt,
  createdAt: jobApplication.createdAt,
};

/** An applicant's application as their pages show it (ApplicantApplications): dates in ISO. */
function applicantView(row: {
  id: number;
  jobId: number;
  title: { "en-CA": string; "fr-CA": string };
  company: string;
  status: ApplicationStatus;
  interviewAt: Date[];
  createdAt: Date;
}): ApplicantApplication {
  return {
    ...row,
    interviewAt: row.interviewAt.map((at) => at.toISOString()),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A signed-in player's applications, newest first: those sent while signed in, and those sent
 * with their address once it is confirmed (an unconfirmed address proves nothing).
 */
export async function playerApplications(
  db: Db | Tx,
  player: { id: string; email: string; emailVerified: boolean },
): Promise<ApplicantApplication[]> {
  const mine = player.emailVerified
    ? or(
        eq(jobApplication.userId, player.id),
        eq(jobApplication.emailKey, player.email.trim().toLowerCase()),
      )
    : eq(jobApplication.userId, player.id);
  const rows = await db
    .select(applicantColumns)
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .where(mine)
    .orderBy(desc(jobApplication.createdAt), desc(jobApplication.id));
  return rows.map(applicantView);
}

/** The one application a status link names, or the 404 for a link not signed by the site. */
export async function applicationByLink(
  db: Db | Tx,
  token: string,
  secret: string,
): Promise<ApplicantApplication[]> {
  const id = signedIdOf(STATUS_LINK_PURPOSE, token, secret);
  if (!id) throw new AppError("not_found");
  const rows = await db
    .select(applicantColumns)
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .where(eq(jobApplication.id, id));
  if (rows.length === 0) throw new AppError("not_found");
  return rows.map(applicantView);
}

/**
 * The applicant withdraws an application (from their page or their status link), from any step
 * before a decision: one conditional UPDATE, so a decision made meanwhile wins and this is the 409.
 * `ids` are the applications the caller may withdraw (their own, or the link's one).
 */
export async function withdrawApplication(
  db: Db | Tx,
  applicationId: number,
  ids: readonly number[],
): Promise<void> {
  if (!ids.includes(applicationId)) throw new AppError("not_found");
  const withdrawable = (Object.keys(APPLICATION_MOVES) as ApplicationStatus[]).filter((status) =>
    APPLICATION_MOVES[status].includes("withdrawn"),
  );
  const moved = await db
    .update(jobApplication)
    .set({ status: "withdrawn" })
    .where(and(eq(jobApplication.id, applicationId), inArray(jobApplication.status, withdrawable)))
    .returning({ id: jobApplication.id });
  if (moved.length === 0)
    throw new AppError("conflict", { message: "jobs.applications.problems.withdraw" });
}

/**
 * The 45-day rule's reminder (the scheduled task): each application still at "interviewing"
 * REMIND_AFTER_DAYS after its last interview, not yet reminded, is marked reminded and every
 * member of its employer gets one e-mail in their own language, in one transaction per run: a
 * second run finds nothing left to remind. The number of applications reminded.
 */
export function remindUndecidedInterviews(
  db: Db,
  links: { baseUrl: string },
  now = new Date(),
): Promise<number> {
  const due = new Date(now.getTime() - REMIND_AFTER_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const reminded = await tx
      .update(jobApplication)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(jobApplication.status, "interviewing"),
          sql`${jobApplication.reminderSentAt} is null`,
          lte(sql`(select max(at) from unnest(${jobApplication.interviewAt}) as at)`, due),
        ),
      )
      .returning({
        id: jobApplication.id,
        jobId: jobApplication.jobId,
        fullName: jobApplication.fullName,
        interviewAt: jobApplication.interviewAt,
      });
    if (reminded.length === 0) return 0;
    const members = await tx
      .select({
        jobId: job.id,
        employerId: job.employerId,
        title: job.title,
        userId: employerMember.userId,
      })
      .from(job)
      .innerJoin(employerMember, eq(employerMember.employerId, job.employerId))
      .where(
        inArray(
          job.id,
          reminded.map((row) => row.jobId),
        ),
      );
    for (const application of reminded) {
      const last = lastInterview(application.interviewAt) ?? now;
      for (const member of members.filter((row) => row.jobId === application.jobId)) {
        // A work reminder, not a notification: it goes whatever their notification setting.
        const contact = await playerContact(tx, member.userId);
        if (!contact) continue;
        const { locale } = contact;
        const t = serverT(locale);
        const inbox = `/employers/${member.employerId}/manage/jobs/${application.jobId}/applications`;
        await enqueueEmail(
          tx,
          paragraphsEmail(
            contact.email,
            t("jobsEmail.interviewReminder.subject", { name: application.fullName }),
            [
              t("jobsEmail.interviewReminder.intro", {
                name: application.fullName,
                title: member.title[locale],
                at: formatDateTime(last.toISOString(), locale),
              }),
              t("jobsEmail.interviewReminder.rule"),
              t("jobsEmail.interviewReminder.link", {
                link: `${links.baseUrl}${localizedPath(inbox, locale)}`,
              }),
              t("jobsEmail.signature"),
            ],
            locale,
          ),
        );
      }
    }
    return reminded.length;
  });
}

/**
 * The response rates (responseRate) of the verified employers that `which` picks, by employer:
 * those counting at least RESPONSE_RATE_MIN_APPLICATIONS applications over all their postings. One query over those employers' applications, whatever
 * the number of postings: the page of cards and a posting's own page read it alike.
 */
async function responseRatesOf(
  db: Db | Tx,
  which: SQL | undefined,
  now: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      employerId: employer.id,
      createdAt: jobApplication.createdAt,
      answeredAt: jobApplication.answeredAt,
      status: jobApplication.status,
    })
    .from(employer)
    .innerJoin(job, eq(job.employerId, employer.id))
    .innerJoin(jobApplication, eq(jobApplication.jobId, job.id))
    .where(and(which, sql`${employer.verifiedAt} is not null`));
  const byEmployer = Map.groupBy(rows, (row) => row.employerId);
  const rates = new Map<number, number>();
  for (const [employerId, applications] of byEmployer) {
    const { percent, counted } = responseRate(applications, now);
    if (counted >= RESPONSE_RATE_MIN_APPLICATIONS) rates.set(employerId, percent);
  }
  return rates;
}

/**
 * The response rate of the employer of posting `jobId`, shown on its page when that employer is
 * verified and counts enough applications; undefined otherwise (and for the seed's postings,
 * which have no employer).
 */
export async function postingResponseRate(
  db: Db | Tx,
  jobId: number,
  now = new Date(),
): Promise<number | undefined> {
  const posting = alias(job, "posting");
  const rates = await responseRatesOf(
    db,
    inArray(
      employer.id,
      db.select({ id: posting.employerId }).from(posting).where(eq(posting.id, jobId)),
    ),
    now,
  );
  return rates.values().next().value;
}

/** The response rates of these employers (a page of cards'), by employer, where shown. */
export function employersResponseRates(
  db: Db | Tx,
  employerIds: readonly number[],
  now = new Date(),
): Promise<Map<number, number>> {
  if (employerIds.length === 0) return Promise.resolve(new Map());
  return responseRatesOf(db, inArray(employer.id, [...employerIds]), now);
}

/** The employer whose posting `jobId` is (the API's way in from an id); the 404 for none. */
export async function employerOfJob(db: Db | Tx, jobId: number): Promise<number> {
  const [row] = await db.select({ employerId: job.employerId }).from(job).where(eq(job.id, jobId));
  if (!row?.employerId) throw new AppError("not_found");
  return row.employerId;
}

/** The employer that application `applicationId` was sent to; the 404 for none. */
export async function employerOfApplication(db: Db | Tx, applicationId: number): Promise<number> {
  const [row] = await db
    .select({ employerId: job.employerId })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .where(eq(jobApplication.id, applicationId));
  if (!row?.employerId) throw new AppError("not_found");
  return row.employerId;
}
