import { randomBytes } from "node:crypto";
import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { employer, job, jobText, type PostingStatus } from "../db/schema/jobs.ts";
import { AppError, type FieldProblem } from "../platform/errors.ts";
import { problemOf } from "../platform/input.server.ts";
import { assertMove } from "../platform/state-machine.ts";
import { type EmployerActor, employerWrite } from "./employers.server.ts";
import {
  type EmployerPosting,
  type Posting,
  type PostingPatch,
  postingSchema,
} from "./posting-schema.ts";
import { EDITABLE_STATUSES, POSTING_MOVES } from "./posting-status.ts";
import { jobRow } from "./seed.server.ts";

/** An employer without a logo of its own: the site's stand-in picture. */
const STAND_IN_LOGO = "/images/jobs/logos/employer.svg";

/** How far ahead a closing date may be: a posting is reposted rather than left open for months. */
const LONGEST_OPEN_DAYS = 120;
const DAY = 24 * 3_600_000;

/**
 * A closing date's moment: the end of that day in Eastern time (UTC−5, the latest of the
 * provinces' offices that most applicants read it in; a posting closes no earlier than its date).
 */
function closesAtOf(closesOn: string): Date {
  return new Date(`${closesOn}T23:59:59-05:00`);
}

/** A closing moment back as the date the form shows. */
function closesOnOf(closesAt: Date): string {
  return new Date(closesAt.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
}

const CLOSING_PROBLEM: FieldProblem = {
  field: "closesOn",
  message: "employer.jobs.problems.closesOn",
};

/** A closing date is after now and at most LONGEST_OPEN_DAYS ahead. */
function closingProblem(closesOn: string, now: Date): FieldProblem | undefined {
  const closesAt = closesAtOf(closesOn);
  return closesAt > now && closesAt.getTime() <= now.getTime() + LONGEST_OPEN_DAYS * DAY
    ? undefined
    : CLOSING_PROBLEM;
}

/**
 * The whole posting an employer's input makes, checked by postingSchema (the seed's own rules:
 * the pay range, Ontario's spread and statements, no "Canadian experience"); its company and logo
 * are the employer profile's. Every problem is reported, in the form's order.
 */
async function checkedPosting(
  tx: Tx,
  employerId: number,
  input: EmployerPosting,
  fixed: { reference: string; postedAt: Date; now: Date },
): Promise<Posting> {
  const [profile] = await tx
    .select({ name: employer.name, logo: employer.logo })
    .from(employer)
    .where(eq(employer.id, employerId));
  if (!profile) throw new AppError("not_found");
  const { closesOn, ...fields } = input;
  const parsed = postingSchema.safeParse({
    ...fields,
    reference: fixed.reference,
    company: profile.name,
    companyLogo: profile.logo ?? STAND_IN_LOGO,
    postedAt: fixed.postedAt,
    updatedAt: fixed.now,
    closesAt: closesAtOf(closesOn),
  });
  const problems = parsed.success
    ? []
    : parsed.error.issues.filter((issue) => issue.path[0] !== "closesAt").map(problemOf);
  const closing = closingProblem(closesOn, fixed.now);
  if (closing) problems.push(closing);
  if (!parsed.success || problems.length > 0)
    throw new AppError("invalid_parameters", { problems });
  return parsed.data;
}

/** A new posting's reference: its employer's, unique without asking the database. */
function newReference(employerId: number): string {
  return `E${employerId}-${randomBytes(6).toString("hex").toUpperCase()}`;
}

/** The job_text row: the checked posting's long texts and the employer's screening questions. */
const texts = (posting: Posting, input: EmployerPosting) => ({
  overview: posting.overview,
  skills: posting.skills,
  description: posting.description,
  questions: input.questions,
});

/** Writes a new posting as a draft of the actor's employer; its id. */
export function createPosting(
  db: Db,
  actor: EmployerActor,
  input: EmployerPosting,
  now = new Date(),
): Promise<number> {
  return employerWrite(db, actor, async (tx) => {
    const posting = await checkedPosting(tx, actor.employerId, input, {
      reference: newReference(actor.employerId),
      postedAt: now,
      now,
    });
    const [row] = await tx
      .insert(job)
      .values({ ...jobRow(posting, "draft"), employerId: actor.employerId })
      .returning({ id: job.id });
    if (!row) throw new Error("insert returned no row");
    await tx.insert(jobText).values({ jobId: row.id, ...texts(posting, input) });
    return {
      audit: { action: "job.create", target: { kind: "job", id: row.id }, after: input },
      result: row.id,
    };
  });
}

/**
 * The actor's employer's posting, locked for the rest of the transaction: another employer's (or
 * none) is the 404, as if it did not exist.
 */
async function lockedPosting(tx: Tx, employerId: number, jobId: number) {
  const [row] = await tx
    .select({
      status: job.status,
      reference: job.reference,
      postedAt: job.postedAt,
      closesAt: job.closesAt,
    })
    .from(job)
    .where(and(eq(job.id, jobId), eq(job.employerId, employerId)))
    .for("update");
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * Changes a posting's fields. A published posting stays published, its search columns (and so its
 * word postings, by the triggers) changed in the same transaction; a closed one is reposted
 * instead (409).
 */
export function updatePosting(
  db: Db,
  actor: EmployerActor,
  jobId: number,
  input: EmployerPosting,
  now = new Date(),
): Promise<PostingStatus> {
  return employerWrite(db, actor, async (tx) => {
    const current = await lockedPosting(tx, actor.employerId, jobId);
    if (!EDITABLE_STATUSES.includes(current.status)) throw new AppError("conflict");
    const posting = await checkedPosting(tx, actor.employerId, input, {
      reference: current.reference,
      postedAt: current.postedAt,
      now,
    });
    await tx
      .update(job)
      .set({ ...jobRow(posting, current.status), employerId: actor.employerId })
      .where(eq(job.id, jobId));
    await tx.update(jobText).set(texts(posting, input)).where(eq(jobText.jobId, jobId));
    return {
      audit: { action: "job.update", target: { kind: "job", id: jobId }, after: input },
      result: current.status,
    };
  });
}

/**
 * Moves a locked posting to `to`, as one conditional UPDATE: published from now (its place in
 * the list is its publishing time), with a new closing moment when given.
 */
async function movePosting(
  tx: Tx,
  jobId: number,
  from: PostingStatus,
  to: PostingStatus,
  now: Date,
  closesAt?: Date | "",
) {
  assertMove(POSTING_MOVES, from, to);
  const publishing = to === "published";
  const moved = await tx
    .update(job)
    .set({
      status: to,
      isOpen: publishing,
      updatedAt: now,
      // Staff's reason for sending it back concerns the draft it was; it moves on without it.
      sentBackReason: null,
      ...(publishing ? { postedAt: now } : {}),
      ...(closesAt ? { closesAt } : {}),
    })
    .where(and(eq(job.id, jobId), eq(job.status, from)))
    .returning({ id: job.id });
  if (moved.length === 0) throw new AppError("conflict");
}

/** Published at once for a verified employer, held for staff otherwise. */
async function publishedOrHeld(tx: Tx, employerId: number): Promise<PostingStatus> {
  const [row] = await tx
    .select({ verified: sql<boolean>`${employer.verifiedAt} is not null` })
    .from(employer)
    .where(eq(employer.id, employerId));
  return row?.verified ? "published" : "held";
}

/**
 * Publishes a draft, or reposts a closed posting with a new closing date (`closesOn`): at once for
 * a verified employer, otherwise held in the back office's queue until staff approve it. Its
 * closing date must be ahead.
 */
export function publishPosting(
  db: Db,
  actor: EmployerActor,
  jobId: number,
  now = new Date(),
  closesOn?: string,
): Promise<PostingStatus> {
  return employerWrite(db, actor, async (tx) => {
    const current = await lockedPosting(tx, actor.employerId, jobId);
    const to = await publishedOrHeld(tx, actor.employerId);
    assertMove(POSTING_MOVES, current.status, to);
    const closing = closesOn
      ? closingProblem(closesOn, now)
      : current.closesAt <= now
        ? CLOSING_PROBLEM
        : undefined;
    if (closing) throw new AppError("invalid_parameters", { problems: [closing] });
    await movePosting(tx, jobId, current.status, to, now, closesOn && closesAtOf(closesOn));
    return {
      audit: {
        action: closesOn ? "job.repost" : "job.publish",
        target: { kind: "job", id: jobId },
        after: { status: to, closesOn },
      },
      result: to,
    };
  });
}

/** Closes a published posting: it stops taking applications and keeps its page. */
export function closePosting(
  db: Db,
  actor: EmployerActor,
  jobId: number,
  now = new Date(),
): Promise<PostingStatus> {
  return employerWrite(db, actor, async (tx) => {
    const current = await lockedPosting(tx, actor.employerId, jobId);
    await movePosting(tx, jobId, current.status, "closed", now);
    return {
      audit: { action: "job.close", target: { kind: "job", id: jobId } },
      result: "closed" as const,
    };
  });
}

/**
 * The API's PATCH: the fields given replace the stored ones (checked whole, as the form's), then
 * the status move asked for, each an employer write of its own. A closed posting is reposted by
 * `status: "published"` with its new `closesOn`, then edited. Its status after.
 */
export async function patchPosting(
  db: Db,
  actor: EmployerActor,
  jobId: number,
  patch: PostingPatch,
  now = new Date(),
): Promise<PostingStatus> {
  const { status, ...fields } = patch;
  const current = await employerPosting(db, actor.employerId, jobId);
  const reposting = status === "published" && current.status === "closed";
  let result = current.status;
  if (reposting) {
    if (!fields.closesOn) throw new AppError("invalid_parameters", { problems: [CLOSING_PROBLEM] });
    result = await publishPosting(db, actor, jobId, now, fields.closesOn);
  }
  // A repost's closing date is already written; any other field given is an edit.
  const { closesOn: _, ...edits } = fields;
  if (Object.keys(reposting ? edits : fields).length > 0)
    result = await updatePosting(db, actor, jobId, { ...current.fields, ...fields }, now);
  if (status === "published" && !reposting && result !== "published" && result !== "held")
    result = await publishPosting(db, actor, jobId, now);
  if (status === "closed" && result !== "closed")
    result = await closePosting(db, actor, jobId, now);
  return result;
}

/**
 * Closes every published posting whose closing date has come (the scheduled task): one UPDATE,
 * its conditions the move's own; the number closed.
 */
export async function closeDuePostings(db: Db | Tx, now = new Date()): Promise<number> {
  const closed = await db
    .update(job)
    .set({ status: "closed", isOpen: false, updatedAt: now })
    .where(and(eq(job.status, "published"), lte(job.closesAt, now)))
    .returning({ id: job.id });
  return closed.length;
}

/** The employer a posting belongs to; the 404 for none, or for a seed posting (no employer). */
export async function employerOfPosting(db: Db | Tx, jobId: number): Promise<number> {
  const [row] = await db.select({ employerId: job.employerId }).from(job).where(eq(job.id, jobId));
  if (!row?.employerId) throw new AppError("not_found");
  return row.employerId;
}

/** An employer's postings, newest first, as its list shows them. */
export function employerPostings(db: Db | Tx, employerId: number) {
  return db
    .select({
      id: job.id,
      title: job.title,
      status: job.status,
      closesAt: job.closesAt,
      hidden: sql<boolean>`${job.hiddenAt} is not null`,
    })
    .from(job)
    .where(eq(job.employerId, employerId))
    .orderBy(desc(job.postedAt), desc(job.id));
}

/**
 * One of the employer's postings as its form fills in (a 404 for anyone else's), with staff's
 * reason when they sent it back to the drafts.
 */
export async function employerPosting(db: Db | Tx, employerId: number, jobId: number) {
  const [row] = await db
    .select({ job, text: jobText })
    .from(job)
    .innerJoin(jobText, eq(jobText.jobId, job.id))
    .where(and(eq(job.id, jobId), eq(job.employerId, employerId)));
  if (!row) throw new AppError("not_found");
  const { job: posting, text } = row;
  const fields: EmployerPosting = {
    title: posting.title,
    city: posting.city,
    province: posting.province as EmployerPosting["province"],
    postalCode: posting.postalCode,
    workSetting: posting.workSetting as EmployerPosting["workSetting"],
    employerType: posting.employerType as EmployerPosting["employerType"],
    employmentType: posting.employmentType as EmployerPosting["employmentType"],
    pay: {
      minCents: posting.payMinCents,
      maxCents: posting.payMaxCents,
      period: posting.payPeriod as EmployerPosting["pay"]["period"],
    },
    overview: text.overview,
    skills: text.skills,
    description: text.description,
    aiScreening: posting.aiScreening,
    existingVacancy: posting.existingVacancy,
    contactEmail: posting.contactEmail,
    contactLocale: posting.contactLocale as EmployerPosting["contactLocale"],
    questions: text.questions,
    closesOn: closesOnOf(posting.closesAt),
  };
  return { id: posting.id, status: posting.status, sentBackReason: posting.sentBackReason, fields };
}
