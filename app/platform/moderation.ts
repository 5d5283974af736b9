import type { Moves } from "./state-machine.ts";

/**
 * Why moderators hide a review, question, answer, business or job: a fixed list, so the public
 * marker, the business page's tally and the author's e-mail can say it in both languages. "other"
 * needs the moderator's own words (the note).
 */
export const HIDE_REASONS = ["spam", "abuse", "personal", "off_topic", "fraud", "other"] as const;

export type HideReason = (typeof HIDE_REASONS)[number];

/** The longest note a moderator writes beside a reason (required for "other"). */
export const HIDE_NOTE_MAX = 500;

/** How a report ended: its item hidden, or its reports dismissed. */
export const REPORT_RESOLUTIONS = ["hidden", "dismissed"] as const;

/**
 * A reported item's moderation, one table for every kind (docs/architecture.md, Moderation): its
 * reports are open until a moderator hides the item (they resolve "hidden") or dismisses them; a
 * hidden item can be restored (its reports stay resolved). A new report on a dismissed or restored
 * item opens it again.
 */
export type ModerationState = "open" | "hidden" | "dismissed" | "restored";

export const MODERATION_MOVES: Moves<ModerationState> = {
  open: ["hidden", "dismissed"],
  hidden: ["restored"],
  dismissed: [],
  restored: [],
};
