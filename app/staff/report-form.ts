import { z } from "zod";
import { HIDE_NOTE_MAX, HIDE_REASONS } from "../platform/moderation.ts";
import {
  CURSOR_ID,
  CURSOR_TIME,
  cursorCodec,
  isDayPostgresReads,
  pageCursor,
} from "../platform/query.ts";
import { isReadableText } from "../platform/text.ts";
import { REPORTED_KINDS, type ReportedKind } from "./reported-kinds.ts";

/** The report page's three forms, told apart by `intent`. */
export const moderationFormSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal("hide"),
        reason: z.enum(HIDE_REASONS, "staff.reports.item.reasonRequired"),
        note: z
          .string()
          .trim()
          .max(HIDE_NOTE_MAX, "staff.reports.item.noteLong")
          .refine((text) => isReadableText(text, { multiline: true }), "errors.invalid_text")
          .optional()
          .default(""),
      })
      // "Other" says nothing by itself: the author and the audit trail need the moderator's words.
      .refine((form) => form.reason !== "other" || form.note !== "", {
        message: "staff.reports.item.noteRequired",
        path: ["note"],
      }),
    z.object({ intent: z.literal("restore") }),
    z.object({ intent: z.literal("dismiss") }),
  ],
  { error: "errors.unknown_intent" },
);

/** `/staff/reports/:kind/:id`: a kind the console knows and a row id; anything else is a 404. */
export const reportedItemParams = z.object({
  kind: z.enum(REPORTED_KINDS),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

const kindPattern = REPORTED_KINDS.join("|");

/** Where a list page starts: after this item (its time, kind and id). */
export type ListPosition = { at: Date; kind: ReportedKind; id: number };

const positionCodec = cursorCodec<ListPosition>(
  [CURSOR_TIME, kindPattern, CURSOR_ID],
  (position) => [position.at.toISOString(), position.kind, position.id],
  ([at = "", kind, id]) =>
    isDayPostgresReads(at)
      ? { at: new Date(at), kind: kind as ReportedKind, id: Number(id) }
      : undefined,
);

export const encodePosition = positionCodec.encode;

/** `/staff/reports?open=&hidden=`: where each of the two lists starts. */
export const reportsPageSchema = z.object({
  open: pageCursor(positionCodec.decode, "errors.invalid_parameters"),
  hidden: pageCursor(positionCodec.decode, "errors.invalid_parameters"),
});
