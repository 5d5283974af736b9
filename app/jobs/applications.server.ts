import { and, eq, min, or } from "drizzle-orm";
import type { Database, Db, Tx } from "../db/client.server.ts";
import { job, jobApplication } from "../db/schema/jobs.ts";
import type { Locale } from "../i18n/locale.ts";
import { isUniqueViolation } from "../platform/db-errors.server.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { assertPlainPdf } from "../platform/pdf.server.ts";
import type { Storage } from "../platform/storage.server.ts";
import type { ApplicationWithAnswers } from "./application.ts";
import { applicationConfirmationEmail, applicationEmail } from "./emails.server.ts";
import { statusLink } from "./inbox.server.ts";
import { isOpenAt } from "./jobs.server.ts";
import { storeAnswers } from "./screening.server.ts";
import type { ScreeningQuestion } from "./screening.ts";

/**
 * Private storage: CVs leave only as e-mail attachments and through the employer's audited download
 * (app/routes/jobs/employer/application-cv.ts).
 */
export const CV_FOLDER = "cvs";

/** The one form an e-mail is compared in: "one application per e-mail per job". */
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * When a player first applied to a job, as a player (signed in) or with their account's e-mail
 * address (signed out, or before they had an account); null when they have not.
 */
export async function appliedOn(
  db: Db | Tx,
  jobId: number,
  player: { id: string; email: string },
): Promise<string | null> {
  const [found] = await db
    .select({ at: min(jobApplication.createdAt) })
    .from(jobApplication)
    .where(
      and(
        eq(jobApplication.jobId, jobId),
        or(
          eq(jobApplication.userId, player.id),
          eq(jobApplication.emailKey, emailKey(player.email)),
        ),
      ),
    );
  return found?.at ? found.at.toISOString() : null;
}

/** "CV - Marie-Ève Tremblay.pdf": what the employer's mail shows, whatever the file was called. */
function attachmentName(fullName: string): string {
  const safe = fullName.replace(/[^\p{L}\p{M}\p{N} '’.-]/gu, "").slice(0, 80);
  return `CV - ${safe}.pdf`;
}

/**
 * Stores an application and its CV and queues two e-mails in one transaction: to the posting's
 * contact with the CV attached, and a confirmation to the applicant. The CV is written first
 * (storage is not transactional) and removed again if the transaction does not commit, so a
 * refused application keeps no file. One application per e-mail per job: a second is a 409. A CV
 * that is not a plain PDF (unparseable, or with scripts, launch actions or attached files) is a 415
 * before anything is stored or mailed.
 */
export async function applyToJob(
  db: Database,
  storage: Storage,
  input: {
    jobId: number;
    /** The form's fields and the answers to `questions`, the posting's as the form showed them. */
    application: ApplicationWithAnswers;
    questions: readonly ScreeningQuestion[];
    locale: Locale;
    userId: string | null;
    baseUrl: string;
    /** Signs the status link in the confirmation e-mail. */
    secret: string;
    now?: Date;
  },
): Promise<{ id: number; jobId: number; createdAt: string }> {
  const { application, locale } = input;
  const [posting] = await db
    .select({
      id: job.id,
      title: job.title,
      company: job.company,
      reference: job.reference,
      contactEmail: job.contactEmail,
      contactLocale: job.contactLocale,
      isOpen: job.isOpen,
      closesAt: job.closesAt,
      hiddenAt: job.hiddenAt,
    })
    .from(job)
    .where(eq(job.id, input.jobId));
  if (!posting) throw new AppError("not_found");
  if (posting.hiddenAt) throw new AppError("gone");
  if (!isOpenAt(posting, input.now ?? new Date()))
    throw new AppError("conflict", { message: "jobs.problems.closed" });

  const key = emailKey(application.email);
  const alreadyApplied = () =>
    new AppError("conflict", {
      message: "jobs.problems.alreadyApplied",
      problems: [{ field: "email", message: "jobs.problems.alreadyApplied" }],
    });
  const [earlier] = await db
    .select({ id: jobApplication.id })
    .from(jobApplication)
    .where(and(eq(jobApplication.jobId, posting.id), eq(jobApplication.emailKey, key)));
  if (earlier) throw alreadyApplied();

  const bytes = Buffer.from(await application.resume.arrayBuffer());
  await assertPlainPdf(bytes, "resume", {
    notPdf: "jobs.problems.resumeNotPdf",
    active: "jobs.problems.resumeActive",
  });
  const cvName = await storage.save(CV_FOLDER, bytes, "pdf");
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(jobApplication)
        .values({
          jobId: posting.id,
          fullName: application.fullName,
          email: application.email,
          emailKey: key,
          contactNo: application.contactNo,
          summary: application.summary,
          cvName,
          cvFilename: attachmentName(application.fullName),
          cvBytes: bytes.length,
          locale,
          userId: input.userId,
        })
        .returning({ id: jobApplication.id, createdAt: jobApplication.createdAt });
      if (!row) throw new Error("the application was not stored");
      await storeAnswers(tx, row.id, input.questions, application.answers);
      const contactLocale = posting.contactLocale as Locale;
      await enqueueEmail(
        tx,
        applicationEmail(
          { email: posting.contactEmail, locale: contactLocale },
          { ...posting, title: posting.title[contactLocale] },
          application,
          {
            folder: CV_FOLDER,
            name: cvName,
            filename: attachmentName(application.fullName),
            contentType: "application/pdf",
          },
          input.baseUrl,
        ),
      );
      await enqueueEmail(
        tx,
        applicationConfirmationEmail(
          { email: application.email, name: application.fullName, locale },
          { ...posting, title: posting.title[locale] },
          input.baseUrl,
          statusLink(row.id, locale, input),
        ),
      );
      return { id: row.id, jobId: posting.id, createdAt: row.createdAt.toISOString() };
    });
  } catch (error) {
    await storage.remove(CV_FOLDER, cvName);
    if (isUniqueViolation(error)) throw alreadyApplied();
    throw error;
  }
}
