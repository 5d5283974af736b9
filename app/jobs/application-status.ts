import { z } from "zod";
import type { ApplicationStatus } from "../db/schema/jobs.ts";
import type { Moves } from "../platform/state-machine.ts";

/**
 * An application's moves (issue 27). The employer moves it forward, received → under review →
 * interviewing → offer → hired, or to "not selected" from any step before a decision; moving an
 * interviewing application to interviewing again sets one more interview. The applicant withdraws
 * it from any step before a decision. Anything else answers 409.
 */
export const APPLICATION_MOVES: Moves<ApplicationStatus> = {
  received: ["under_review", "interviewing", "not_selected", "withdrawn"],
  under_review: ["interviewing", "not_selected", "withdrawn"],
  interviewing: ["interviewing", "offer", "not_selected", "withdrawn"],
  offer: ["hired", "not_selected", "withdrawn"],
  hired: [],
  not_selected: [],
  withdrawn: [],
};

/** Every status, from the table's keys (the type makes it list them all). */
const STATUSES = Object.keys(APPLICATION_MOVES) as [ApplicationStatus, ...ApplicationStatus[]];

/** The statuses an employer sets (withdrawing is the applicant's alone). */
const EMPLOYER_STATUSES = [
  "under_review",
  "interviewing",
  "offer",
  "hired",
  "not_selected",
] as const satisfies readonly ApplicationStatus[];

/** Ontario's rule: interviewed applicants hear within 45 days; the employer is reminded at 35. */
export const REMIND_AFTER_DAYS = 35;
export const OVERDUE_AFTER_DAYS = 45;
export const DAY_MS = 24 * 3_600_000;

/** Interview times typed in the form are Eastern time, as the pages show them (formatDateTime). */
const INTERVIEW_TIME_ZONE = "America/Toronto";

/** A date-time without an offset ("2026-12-03T14:30", the form's input) as a moment in Eastern time. */
function easternMoment(local: string): Date {
  const guess = new Date(`${local}Z`);
  const offset =
    new Intl.DateTimeFormat("en-CA", { timeZone: INTERVIEW_TIME_ZONE, timeZoneName: "longOffset" })
      .formatToParts(guess)
      .find((part) => part.type === "timeZoneName")
      ?.value.replace("GMT", "") || "+00:00";
  return new Date(`${local}${offset}`);
}

/**
 * An employer's move, the same for the inbox's form and the API (`PATCH
 * /api/employer/applications/{id}`): the new status, and for "interviewing" the interview's
 * date-time (with an offset, or without one for Eastern time). `from` is the status the form
 * showed: when it changed meanwhile, another member acted first (409).
 */
export const applicationMoveSchema = z
  .object({
    status: z.enum(EMPLOYER_STATUSES, "employer.inbox.problems.status"),
    interviewAt: z
      .union(
        [
          z.iso.datetime({ offset: true }).transform((text) => new Date(text)),
          z.iso.datetime({ local: true }).transform(easternMoment),
          z.literal("").transform(() => undefined),
        ],
        "employer.inbox.problems.interviewAt",
      )
      .optional(),
    from: z
      .enum(["received", "under_review", "interviewing", "offer"], "employer.inbox.problems.status")
      .optional(),
  })
  .refine((move) => move.status !== "interviewing" || move.interviewAt, {
    path: ["interviewAt"],
    message: "employer.inbox.problems.interviewAt",
  });

export type ApplicationMove = z.output<typeof applicationMoveSchema>;

/** One application as its applicant sees it (the loader's JSON: dates as ISO strings). */
export type ApplicantApplication = {
  id: number;
  jobId: number;
  title: { "en-CA": string; "fr-CA": string };
  company: string;
  status: ApplicationStatus;
  interviewAt: string[];
  createdAt: string;
};

/** What the response rate is read from: one of the employer's applications. */
export type AnsweredApplication = {
  createdAt: Date;
  answeredAt: Date | null;
  status: ApplicationStatus;
};

/** How many days an employer has to answer for the response rate. */
const ANSWER_WITHIN_DAYS = 14;

/**
 * "Answers 92% of applicants within 14 days", and the number of applications it counts. Counted:
 * applications already answered (moved out of "received" by the employer), and those received at
 * least 14 days before `now` and not withdrawn before an answer (an applicant who withdrew first
 * was not left unanswered; one received less than 14 days ago may still be answered in time).
 * The rate is the share of those answered within 14 days of being received, rounded down.
 */
export function responseRate(
  applications: readonly AnsweredApplication[],
  now: Date,
): { percent: number; counted: number } {
  const window = ANSWER_WITHIN_DAYS * DAY_MS;
  let counted = 0;
  let inTime = 0;
  for (const application of applications) {
    const answered = application.answeredAt;
    if (answered) {
      counted += 1;
      if (answered.getTime() - application.createdAt.getTime() <= window) inTime += 1;
    } else if (
      application.status !== "withdrawn" &&
      now.getTime() - application.createdAt.getTime() >= window
    )
      counted += 1;
  }
  return { percent: counted === 0 ? 0 : Math.floor((inTime * 100) / counted), counted };
}

/** The fewest counted applications for which a verified employer's postings show the rate. */
export const RESPONSE_RATE_MIN_APPLICATIONS = 10;

/** Which application a form's button is about (the inbox's move, the applicant's Withdraw). */
export const applicationIdSchema = z.object({
  application: z.coerce.number("errors.not_found").int().positive("errors.not_found"),
});

/** One application as `GET /api/employer/jobs/{id}/applications` answers it. */
export const employerApplicationSchema = z.object({
  id: z.int(),
  fullName: z.string(),
  email: z.string(),
  contactNo: z.string(),
  summary: z.string(),
  status: z.enum(STATUSES),
  interviewAt: z.array(z.iso.datetime()),
  overdue: z.boolean().describe("Still interviewing 45 days after the last interview"),
  createdAt: z.iso.datetime(),
  cvUrl: z
    .string()
    .describe("The CV's download address (members and staff; every opening is audited)"),
});

export const employerApplicationsSchema = z.object({
  applications: z.array(employerApplicationSchema),
});

/** What `PATCH /api/employer/applications/{id}` answers: the application's new status. */
export const applicationMovedSchema = z.object({
  id: z.int(),
  status: z.enum(STATUSES),
});
