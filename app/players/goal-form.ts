import { z } from "zod";
import { wholeNumber } from "../platform/form-fields.ts";

const name = z
  .string("staff.content.problems.name")
  .trim()
  .min(1, "staff.content.problems.name")
  .max(80, "staff.content.problems.tooLong");

/** The staff's reward goal form: its name in both languages, its cost in points, a picture. */
export const goalFormSchema = z.strictObject({
  version: wholeNumber.min(0, "errors.invalid_value"),
  "name_en-CA": name,
  "name_fr-CA": name,
  cost: wholeNumber
    .min(1, "staff.content.problems.cost")
    .max(1_000_000, "staff.content.problems.cost"),
  picture: z.instanceof(File).optional(),
});

export type GoalForm = z.infer<typeof goalFormSchema>;
