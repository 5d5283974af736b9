import { z } from "zod";
import { emailField } from "../platform/email.ts";

/** The child's waiting page: give a parent's address (an account older than the flow), or resend. */
export const consentWaitingSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("ask"),
      parentEmail: emailField("auth.problems.parentEmailInvalid"),
    }),
    z.object({ intent: z.literal("resend") }),
  ],
  { error: "errors.unknown_intent" },
);

/** The parent's consent page: consent, or withdraw a consent in force. */
export const consentPageSchema = z.object({
  intent: z.enum(["consent", "withdraw"], "errors.unknown_intent"),
});
