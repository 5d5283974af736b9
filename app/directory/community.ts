import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";
import {
  CURSOR_ID,
  CURSOR_TIME,
  cursorCodec,
  firstValue,
  isDayPostgresReads,
  pageCursor,
  timeCursor,
} from "../platform/query.ts";
import { isReadableText } from "../platform/text.ts";
import {
  ANSWER_TEXT,
  QUESTION_TEXT,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REVIEW_SORTS,
  REVIEW_TEXT,
} from "./community-fields.ts";

/** Reviews, community questions and their answers: what players write about a business. */

export const REVIEWS_PAGE = 10;
export const QUESTIONS_PAGE = 5;

const REPORT_TARGETS = ["review", "question", "answer"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Text a person wrote: trimmed, line breaks kept, within its length, without control characters. */
function writtenText(limits: { min: number; max: number }, key: "review" | "question" | "answer") {
  return z
    .string(`community.problems.${key}Length`)
    .trim()
    .min(limits.min, `community.problems.${key}Length`)
    .max(limits.max, `community.problems.${key}Length`)
    .refine((text) => isReadableText(text, { multiline: true }), "errors.invalid_text");
}

export const reviewSchema = z.object({
  rating: z.coerce
    .number("community.problems.ratingRequired")
    .int("community.problems.ratingRequired")
    .min(1, "community.problems.ratingRequired")
    .max(5, "community.problems.ratingRequired"),
  body: writtenText(REVIEW_TEXT, "review"),
});
export type ReviewInput = z.output<typeof reviewSchema>;

export const questionSchema = z.object({ question: writtenText(QUESTION_TEXT, "question") });
export const answerSchema = z.object({ answer: writtenText(ANSWER_TEXT, "answer") });

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, "community.problems.reasonRequired"),
  details: z
    .string("community.problems.detailsLong")
    .trim()
    .max(REPORT_DETAILS_MAX, "community.problems.detailsLong")
    .refine((text) => isReadableText(text, { multiline: true }), "errors.invalid_text")
    .optional()
    .default(""),
});
export type ReportInput = z.output<typeof reportSchema>;

/** The language a text is written in: the page's, or the one the API client names. */
export const localeSchema = z.enum(LOCALES, "errors.invalid_parameters");

/** Where a page of reviews starts: after this review in the chosen order. */
export type ReviewCursor = { rating: number; at: string; id: number };

export const reviewCursor = cursorCodec<ReviewCursor>(
  ["[1-5]", CURSOR_TIME, CURSOR_ID],
  (cursor) => [cursor.rating, cursor.at, cursor.id],
  ([rating, at = "", id]) =>
    isDayPostgresReads(at) ? { rating: Number(rating), at, id: Number(id) } : undefined,
);

/** `?sort=&cursor=` of a page of reviews (the page's and the API's). */
export const reviewPageSchema = z.object({
  sort: z.preprocess(
    firstValue,
    z.enum(REVIEW_SORTS, "community.problems.unknownSort").optional().default("newest"),
  ),
  cursor: pageCursor(reviewCursor.decode, "community.problems.invalidCursor"),
});

/** `?cursor=` of a page of questions: after this question, newest first. */
export const questionPageSchema = z.object({
  cursor: pageCursor(timeCursor.decode, "community.problems.invalidCursor"),
});

/** How another player appears beside what they wrote (see players/identity.ts). */
export type Author = {
  /** Their public name, their handle on a private profile, or a demo entry's shown name. */
  name: string;
  /** Their picture; null shows the default picture. */
  image: string | null;
  /** Set for players: their public handle. */
  handle: string | null;
};

type Review = {
  id: number;
  author: Author;
  rating: number;
  body: string;
  locale: string;
  createdAt: string;
  editedAt: string | null;
  /** Whether the viewer wrote it (they may edit or delete it). */
  mine: boolean;
};

export type ReviewPage = { items: Review[]; nextCursor: string | null };

export type Answer = {
  id: number;
  author: Author;
  body: string;
  locale: string;
  createdAt: string;
};

export type Question = {
  id: number;
  author: Author;
  question: string;
  locale: string;
  createdAt: string;
  /** The owner's answer to a demo question. */
  ownerAnswer: string | null;
  answers: Answer[];
};

export type QuestionPage = { items: Question[]; nextCursor: string | null };

const itemId = z.coerce
  .number("errors.invalid_parameters")
  .int("errors.invalid_parameters")
  .min(1, "errors.invalid_parameters")
  .max(2_147_483_647, "errors.invalid_parameters");

/** The business page's forms, told apart by `intent` (decision 0007). */
export const businessFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("review"), ...reviewSchema.shape }),
    z.object({ intent: z.literal("review-update"), reviewId: itemId, ...reviewSchema.shape }),
    z.object({ intent: z.literal("review-delete"), reviewId: itemId }),
    z.object({ intent: z.literal("ask"), ...questionSchema.shape }),
    z.object({ intent: z.literal("answer"), questionId: itemId, ...answerSchema.shape }),
    z.object({
      intent: z.enum(["save", "unsave"]),
      /** Sent by the page's script: answer with data instead of a redirect. */
      via: z.literal("fetch").optional(),
      /** Where a card's form came from, to go back to without JavaScript. */
      returnTo: z.string().max(2000).optional(),
    }),
  ],
  { error: "errors.unknown_intent" },
);

const BUSINESS_INTENTS = [
  "review",
  "review-update",
  "review-delete",
  "ask",
  "answer",
  "save",
  "unsave",
];

/** Which of the page's forms was sent, so its problem shows beside it. */
export function businessIntentOf(raw: unknown): string | undefined {
  const intent = (raw as { intent?: unknown } | null)?.intent;
  return BUSINESS_INTENTS.find((known) => known === intent);
}

/** What the report page is about: `?review=`, `?question=` or `?answer=` with the item's id. */
export function reportTargetOf(
  params: URLSearchParams,
): { target: ReportTarget; id: number } | undefined {
  for (const target of REPORT_TARGETS) {
    const parsed = itemId.safeParse(params.get(target) ?? undefined);
    if (parsed.success) return { target, id: parsed.data };
  }
  return undefined;
}

export { itemId };
