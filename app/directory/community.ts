import { z } from "zod";
import { LOCALES } from "../i18n/locale.ts";
import { HIDE_REASONS } from "../platform/moderation.ts";
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
import { cursorPage } from "../platform/wire.ts";
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

const REPORT_TARGETS = ["review", "question", "answer", "reply"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/**
 * Text a person wrote: trimmed, line breaks kept, within its length (`problem` says so), without
 * control characters.
 */
function writtenText(limits: { min: number; max: number }, problem: string) {
  return z
    .string(problem)
    .trim()
    .min(limits.min, problem)
    .max(limits.max, problem)
    .refine((text) => isReadableText(text, { multiline: true }), "errors.invalid_text");
}

export const reviewSchema = z.object({
  rating: z.coerce
    .number("community.problems.ratingRequired")
    .int("community.problems.ratingRequired")
    .min(1, "community.problems.ratingRequired")
    .max(5, "community.problems.ratingRequired"),
  body: writtenText(REVIEW_TEXT, "community.problems.reviewLength"),
});
export type ReviewInput = z.output<typeof reviewSchema>;

export const questionSchema = z.object({
  question: writtenText(QUESTION_TEXT, "community.problems.questionLength"),
});
export const answerSchema = z.object({
  answer: writtenText(ANSWER_TEXT, "community.problems.answerLength"),
});

/** An owner's reply to a review: a review's length and text rules (the manage page's form and the API). */
export const replySchema = z.object({ body: writtenText(REVIEW_TEXT, "replies.problems.length") });
export type ReplyInput = z.output<typeof replySchema>;

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
const localeSchema = z.enum(LOCALES, "errors.invalid_parameters");

/** The API's bodies: the forms' fields, and the language of the text (the request's when left out). */
const writtenIn = {
  locale: localeSchema
    .optional()
    .meta({ description: "The language of the text; the `Accept-Language` one when left out" }),
};
export const apiReviewSchema = reviewSchema.extend(writtenIn);
export const apiQuestionSchema = questionSchema.extend(writtenIn);
export const apiAnswerSchema = answerSchema.extend(writtenIn);
export const apiReplySchema = replySchema.extend(writtenIn);

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
export const authorSchema = z
  .object({
    name: z.string().meta({
      description:
        "Their public name, their handle on a private profile, or a demo entry's shown name",
    }),
    image: z.string().nullable().meta({ description: "Null: show the default picture" }),
    handle: z
      .string()
      .nullable()
      .meta({ description: "The player's public handle; null for demo entries" }),
  })
  .meta({
    description:
      "How the writer appears: a player's public name and picture, or their handle and no picture when their profile is private (under 14); a demo entry's shown name",
  });
export type Author = z.output<typeof authorSchema>;

const plainText = z
  .string()
  .meta({ description: "Plain text, as written: show it as text, never as HTML" });

/**
 * In place of what moderators hid: when it was written and why it was removed, never its text,
 * author or stars (the page shows "Removed by the moderators: {reason}").
 */
const removedItemSchema = z.object({
  id: z.int(),
  removed: z.enum(HIDE_REASONS).meta({ description: "Why the moderators removed it" }),
  createdAt: z.iso.datetime(),
});
export type RemovedItem = z.output<typeof removedItemSchema>;

/** Shown items say so, so a client tells them from removed ones by `removed`. */
const notRemoved = { removed: z.null().meta({ description: "Null: shown" }) };

/** The listing's public response under a review, or what moderators left in its place. */
const replyItemSchema = z.union([
  z.object({
    id: z.int(),
    ...notRemoved,
    body: plainText,
    locale: localeSchema,
    createdAt: z.iso.datetime(),
    editedAt: z.iso.datetime().nullable().meta({ description: "Set once edited" }),
  }),
  removedItemSchema,
]);
export type Reply = z.output<typeof replyItemSchema>;

const shownReviewSchema = z.object({
  id: z.int(),
  ...notRemoved,
  author: authorSchema,
  rating: z.int().min(1).max(5),
  body: plainText,
  locale: localeSchema,
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable().meta({ description: "Set once edited" }),
  mine: z.boolean().meta({ description: "Whether the signed-in caller wrote it" }),
  reply: replyItemSchema
    .nullable()
    .meta({ description: "The response from the listing's owner; null when there is none" }),
});

export const reviewItemSchema = z.union([shownReviewSchema, removedItemSchema]);

export const reviewListSchema = cursorPage(reviewItemSchema);
export type ReviewPage = z.output<typeof reviewListSchema>;

const answerItemSchema = z.union([
  z.object({
    id: z.int(),
    ...notRemoved,
    author: authorSchema,
    body: plainText,
    locale: localeSchema,
    createdAt: z.iso.datetime(),
    byOwner: z
      .boolean()
      .meta({ description: "Whether its writer owned the business when they answered" }),
  }),
  removedItemSchema,
]);
export type Answer = z.output<typeof answerItemSchema>;

const shownQuestionSchema = z.object({
  id: z.int(),
  ...notRemoved,
  author: authorSchema,
  question: plainText,
  locale: localeSchema,
  createdAt: z.iso.datetime(),
  ownerAnswer: z.string().nullable().meta({ description: "The owner's answer, on demo questions" }),
  answers: z.array(answerItemSchema).meta({ description: "Players' answers, oldest first" }),
});

export const questionItemSchema = z.union([shownQuestionSchema, removedItemSchema]);
export type Question = z.output<typeof questionItemSchema>;

export const questionListSchema = cursorPage(questionItemSchema);
export type QuestionPage = z.output<typeof questionListSchema>;

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
