import { z } from "zod";
import { firstValue } from "../platform/query.ts";
import { itemId, replySchema } from "./community.ts";

/** Which reviews the manage page lists: all of them, or those still waiting for a reply. */
export const REPLY_FILTERS = ["all", "unanswered"] as const;
export type ReplyFilter = (typeof REPLY_FILTERS)[number];

/** Reviews on one page of the manage section. */
export const MANAGED_REVIEWS_PAGE = 10;

/** `?show=&page=` of the manage page's reviews; anything else is the first page of all. */
export const managedReviewsQuerySchema = z.object({
  show: z.preprocess(firstValue, z.enum(REPLY_FILTERS).catch("all")),
  page: z.preprocess(firstValue, z.coerce.number().int().min(1).max(100_000).catch(1)),
});

/** The manage page's forms, told apart by `intent` (decision 0007), each naming its review. */
export const replyFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("reply"), reviewId: itemId, ...replySchema.shape }),
    z.object({ intent: z.literal("reply-update"), reviewId: itemId, ...replySchema.shape }),
    z.object({ intent: z.literal("reply-delete"), reviewId: itemId }),
  ],
  { error: "errors.unknown_intent" },
);
