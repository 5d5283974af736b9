import { z } from "zod";
import { ageField } from "../auth/validation.ts";
import { parseRowId } from "../platform/query.ts";

/** A redeem request's id as the form sends it; anything else names no request. */
const requestIdField = z.preprocess(
  (value) => (typeof value === "string" ? parseRowId(value) : value),
  z.number("errors.invalid_value"),
);

/** The forms of a child's family page, one per intent; an intent it does not know is refused. */
export const familyChildFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), request: requestIdField }),
    z.object({ intent: z.literal("decline"), request: requestIdField }),
    z.object({ intent: z.literal("age"), age: ageField }),
    z.object({
      intent: z.literal("delete"),
      confirm: z.literal("yes", "familyChild.delete.confirmRequired"),
    }),
  ],
  { error: "errors.unknown_intent" },
);
