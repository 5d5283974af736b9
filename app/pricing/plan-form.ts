import { z } from "zod";
import { checkbox, dollarsAsCents, wholeNumber } from "../platform/form-fields.ts";

const text = (
  max: number,
  message: "staff.content.problems.name" | "staff.content.problems.summary",
) => z.string(message).trim().min(1, message).max(max, "staff.content.problems.tooLong");

/** One feature a line; blank lines are dropped, and at least one must remain. */
const features = z
  .string("staff.content.problems.features")
  .transform((lines) =>
    lines
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(200, "staff.content.problems.tooLong"))
      .min(1, "staff.content.problems.features")
      .max(20, "staff.content.problems.tooLong"),
  );

/** The staff's plan form: both languages' texts, prices in dollars (taxes extra), recommended. */
export const planFormSchema = z.strictObject({
  version: wholeNumber.min(0, "errors.invalid_value"),
  "name_en-CA": text(60, "staff.content.problems.name"),
  "name_fr-CA": text(60, "staff.content.problems.name"),
  "summary_en-CA": text(300, "staff.content.problems.summary"),
  "summary_fr-CA": text(300, "staff.content.problems.summary"),
  "features_en-CA": features,
  "features_fr-CA": features,
  monthly: dollarsAsCents("staff.content.problems.price"),
  annual: dollarsAsCents("staff.content.problems.price"),
  recommended: checkbox,
});

export type PlanForm = z.infer<typeof planFormSchema>;
