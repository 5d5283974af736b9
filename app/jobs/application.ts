import { z } from "zod";
import { emailField } from "../platform/email.ts";
import { startsLikePdf } from "../platform/pdf.ts";
import { phoneField } from "../platform/phone.ts";
import { isReadableText } from "../platform/text.ts";
import { ANSWER_MAX, answerField, type ScreeningQuestion } from "./screening.ts";

/** DESIGN.md: CVs are PDF by their bytes, at most 5 MB. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

/** Letters, marks, spaces and the punctuation names use; no control characters or markup. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}\p{Zs}'’.-]*$/u;

/**
 * The Apply form (SPEC.md: fullName, email, contactNo, summary, resume), checked by this one
 * schema in the browser before sending and on the server before anything is stored. The phone is
 * Canadian or toll-free, as every form takes it, kept in international form (+15145550123).
 */
export const applicationSchema = z.object({
  fullName: z
    .string("jobs.problems.fullNameRequired")
    .trim()
    .min(1, "jobs.problems.fullNameRequired")
    .max(100, "jobs.problems.fullNameLong")
    .regex(NAME, "jobs.problems.fullNameRequired"),
  email: emailField("jobs.problems.emailInvalid"),
  contactNo: phoneField("jobs.problems.phoneInvalid"),
  summary: z
    .string("jobs.problems.summaryLong")
    .trim()
    .max(2000, "jobs.problems.summaryLong")
    .refine((text) => isReadableText(text, { multiline: true }), "errors.invalid_text")
    .optional()
    .default(""),
  resume: z
    .instanceof(File, { message: "jobs.problems.resumeRequired" })
    .refine((file) => file.size > 0, { message: "jobs.problems.resumeRequired", abort: true })
    .refine((file) => file.size <= RESUME_MAX_BYTES, {
      message: "jobs.problems.resumeTooLarge",
      abort: true,
    })
    .refine(startsLikePdf, { message: "jobs.problems.resumeNotPdf" }),
});

export type Application = z.output<typeof applicationSchema>;

/** An answer to one screening question: required; yes or no, or a short readable text. */
function answerSchema(question: ScreeningQuestion) {
  return question.kind === "yesNo"
    ? z.enum(["yes", "no"], "jobs.questions.answerRequired")
    : z
        .string("jobs.questions.answerRequired")
        .trim()
        .min(1, "jobs.questions.answerRequired")
        .max(ANSWER_MAX, "jobs.questions.answerLong")
        .refine((text) => isReadableText(text), "errors.invalid_text");
}

/**
 * The Apply form of a posting with screening questions: the form's fields and one answer per
 * question ("answers.0", "answers.1", ...), given back as `answers`, in the questions' order.
 */
export function applicationSchemaFor(questions: readonly ScreeningQuestion[]) {
  const answers = Object.fromEntries(
    questions.map((question, index) => [answerField(index), answerSchema(question)]),
  );
  return applicationSchema.extend(answers).transform((parsed): ApplicationWithAnswers => {
    // The answers' keys are made at run time, so their types are not known to the compiler.
    const application = parsed as unknown as Application & Record<string, string>;
    return {
      ...application,
      answers: questions.map((_, index) => application[answerField(index)] ?? ""),
    };
  });
}

export type ApplicationWithAnswers = Application & { answers: string[] };
