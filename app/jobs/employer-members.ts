import { z } from "zod";
import { emailField } from "../platform/email.ts";

/** The members section's two forms: invite someone by e-mail, or remove a member (oneself: leave). */
export const employerMembersFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("remove"),
      userId: z.string("errors.invalid_parameters").min(1, "errors.invalid_parameters").max(64),
    }),
    z.object({ intent: z.literal("invite"), email: emailField("employer.members.problems.email") }),
  ],
  { error: "errors.unknown_intent" },
);
