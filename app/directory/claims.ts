import { z } from "zod";
import type { ClaimStatus } from "../db/schema/directory.ts";
import { emailField } from "../platform/email.ts";
import type { Moves } from "../platform/state-machine.ts";
import { isReadableText } from "../platform/text.ts";

/**
 * A claim's moves (issue 26): a code claim goes from code_sent to verified when the right code is
 * typed; a claim that waits on staff (a document, or a won plan request) goes from open to
 * approved or rejected. Asking for a new code replaces the one sent, in place.
 */
export const CLAIM_MOVES: Moves<ClaimStatus> = {
  code_sent: ["verified"],
  open: ["approved", "rejected"],
  verified: [],
  approved: [],
  rejected: [],
};

/** A code's life and the wrong tries it allows (issue 26: single use, 30 minutes, 5 tries). */
export const CLAIM_CODE_MINUTES = 30;
export const CLAIM_CODE_TRIES = 5;

/** Owners answer for a business: adults only (issue 26). */
export const OWNER_MIN_AGE = 18;

/**
 * The listing's address as the claim page shows it, so the claimant knows where the code went
 * without the page giving the address away: its first character, then "•••", then the domain.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  return `${address.slice(0, Math.min(1, at))}•••${address.slice(at)}`;
}

/** A claim's document may weigh what a CV or a picture may (DESIGN.md: 5 MB). */
const CLAIM_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** What the document claim's file input accepts; the server decides by the bytes, not the name. */
export const CLAIM_DOCUMENT_TYPES = "application/pdf,image/jpeg,image/png,image/webp";

/**
 * The claim page's forms: ask for a code, type the code received, or send staff a document (a PDF
 * or a picture, its type decided on the server by its bytes) with a note saying what it is.
 */
export const claimFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("send") }),
    z.object({
      intent: z.literal("document"),
      document: z
        .instanceof(File, { message: "claim.problems.documentRequired" })
        .refine((file) => file.size > 0, {
          message: "claim.problems.documentRequired",
          abort: true,
        })
        .refine((file) => file.size <= CLAIM_DOCUMENT_MAX_BYTES, {
          message: "claim.problems.documentTooLarge",
        }),
      note: z
        .string("claim.problems.note")
        .trim()
        .min(1, "claim.problems.note")
        .max(500, "claim.problems.note")
        .refine((text) => isReadableText(text, { multiline: true }), "errors.invalid_text"),
    }),
    z.object({
      intent: z.literal("verify"),
      code: z
        .string("claim.problems.codeFormat")
        .trim()
        .regex(/^\d{6}$/, "claim.problems.codeFormat"),
    }),
  ],
  { error: "errors.unknown_intent" },
);

/** The owners page's forms: remove an owner (oneself: leave) by player id, or invite one by e-mail. */
export const ownersFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("remove"),
      userId: z.string("errors.invalid_parameters").min(1, "errors.invalid_parameters").max(64),
    }),
    z.object({ intent: z.literal("invite"), email: emailField("manage.invite.problems.email") }),
  ],
  { error: "errors.unknown_intent" },
);

/** The console's decision on a claim waiting for staff: approve, or reject with a reason. */
export const claimDecisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve") }),
    z.object({
      intent: z.literal("reject"),
      reason: z
        .string("staff.claims.problems.reason")
        .trim()
        .min(1, "staff.claims.problems.reason")
        .max(1000, "staff.claims.problems.reason"),
    }),
  ],
  { error: "errors.unknown_intent" },
);
