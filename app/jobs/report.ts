import { z } from "zod";
import { isReadableText } from "../platform/text.ts";
import { REPORT_REASONS } from "./report-fields.ts";

/** "Report this job": a reason from the list and optional details. */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, "jobs.problems.reasonRequired"),
  details: z
    .string("jobs.problems.detailsLong")
    .trim()
    .max(2000, "jobs.problems.detailsLong")
    .refine((text) => isReadableText(text, { multiline: true }), "errors.invalid_text")
    .optional()
    .default(""),
});
