import { z } from "zod";

/** The leaderboard's page number; anything that is not one shows the first page. */
export const leaderboardQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** A follow list's cursor: the last handle of the page before. */
export const followListQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
});
