import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { queryText } from "../platform/query.ts";

/** Why staff suspend a player: one of these, with details (required for "other"). */
export const BAN_REASONS = [
  "spam",
  "harassment",
  "hate",
  "impersonation",
  "fraud",
  "other",
] as const;
export type BanReason = (typeof BAN_REASONS)[number];

const staffText = (max: number, required: MessageKey, tooLong: MessageKey) =>
  z.string(required).trim().min(1, required).max(max, tooLong);

/** A redeem request's two forms: fulfil with a note to the player, or decline with a reason. */
export const redeemDecisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("fulfil"),
      note: staffText(1000, "staff.redeem.problems.noteRequired", "staff.redeem.problems.tooLong"),
    }),
    z.object({
      intent: z.literal("decline"),
      reason: staffText(
        1000,
        "staff.redeem.problems.reasonRequired",
        "staff.redeem.problems.tooLong",
      ),
    }),
  ],
  { error: "errors.unknown_intent" },
);

/** The player search: an e-mail address (exact) or the start of a handle. */
export const playerSearchSchema = z.object({
  q: queryText(200, "staff.players.problems.queryTooLong"),
});

/** A day (YYYY-MM-DD) after today, as the end of a suspension; empty for none. */
const banEnd = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const end = /^\d{4}-\d\d-\d\d$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
    if (!end || Number.isNaN(end.getTime()) || end.getTime() <= Date.now()) {
      context.addIssue({ code: "custom", message: "staff.players.problems.untilPast" });
      return z.NEVER;
    }
    return end;
  });

/** The player page's forms: suspend, lift the suspension, replace the name or the handle. */
export const playerActionSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal("ban"),
        reason: z.enum(BAN_REASONS, "staff.players.ban.reason"),
        details: z.string().trim().max(500, "staff.players.problems.tooLong").default(""),
        until: banEnd,
      })
      .refine((ban) => ban.reason !== "other" || ban.details !== "", {
        path: ["details"],
        message: "staff.players.problems.detailsRequired",
      }),
    z.object({ intent: z.literal("lift") }),
    z.object({
      intent: z.literal("rename"),
      field: z.enum(["name", "handle"], "errors.invalid_value"),
      seen: z.string().max(200, "errors.invalid_value"),
    }),
  ],
  { error: "errors.unknown_intent" },
);
