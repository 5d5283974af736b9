import { z } from "zod";
import { PLAN_REQUEST_STATUSES } from "../db/schema/pricing.ts";

/**
 * The plan request page's form: its buttons send `act`, a state to move to (from the state the
 * page showed, `from`) or "note" to add the note alone, which then must not be empty.
 */
export const planActionSchema = z
  .object({
    from: z.enum(PLAN_REQUEST_STATUSES, "errors.invalid_value"),
    act: z.enum([...PLAN_REQUEST_STATUSES, "note"], "errors.unknown_intent"),
    note: z.string().trim().max(2000, "staff.plans.problems.tooLong").default(""),
  })
  .refine((form) => form.act !== "note" || form.note !== "", {
    path: ["note"],
    message: "staff.plans.problems.noteRequired",
  });
