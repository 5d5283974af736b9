import { z } from "zod";
import { emailField } from "../platform/email.ts";
import { phoneField } from "../platform/phone.ts";
import { isReadableText } from "../platform/text.ts";

/** What a goal is named by in forms and the API: its slug. */
const goalSlugField = z
  .string("redeem.problems.goalRequired")
  .regex(/^[a-z0-9-]{1,60}$/, "redeem.problems.goalRequired");

/**
 * A client's key for one redeem request: the same key sent again (a double click, a resent form,
 * a retried call) finds the first request instead of making another.
 */
export const idempotencyKeyField = z
  .string("redeem.problems.idempotencyKey")
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "redeem.problems.idempotencyKey");

/**
 * SPEC.md section 5, "Redeem request", in its order: name, e-mail and phone required (a Canadian
 * number, written back in E.164), then the terms box.
 */
export const redeemRequestSchema = z.object({
  goal: goalSlugField,
  name: z
    .string("redeem.problems.nameRequired")
    .trim()
    .min(1, "redeem.problems.nameRequired")
    .max(100, "redeem.problems.nameRequired")
    .refine(isReadableText, "redeem.problems.nameRequired"),
  email: emailField("redeem.problems.emailInvalid"),
  phone: phoneField("redeem.problems.phoneInvalid"),
  /** A ticked box sends "on" (a form) or true (JSON). */
  agree: z
    .union([z.literal("on"), z.literal(true)], "redeem.problems.mustAgree")
    .transform(() => true as const),
});

export type RedeemRequestForm = z.infer<typeof redeemRequestSchema>;

/** The page's form: the request and the key the page gave it. */
export const redeemPageFormSchema = redeemRequestSchema.extend({
  idempotencyKey: idempotencyKeyField,
});
