import { z } from "zod";
import { emailField } from "../platform/email.ts";
import { startsLikePdf } from "../platform/pdf.ts";
import { phoneField } from "../platform/phone.ts";
import { isReadableText } from "../platform/text.ts";

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
