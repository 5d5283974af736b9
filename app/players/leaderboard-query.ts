import { z } from "zod";

const pageNumber = z.coerce.number().int().min(1).max(1_000_000);
/** What a handle looks like; anything else names no player. */
export const HANDLE = /^[a-z0-9-]{1,60}$/;
const handleCursor = z.string().regex(HANDLE);

/** The leaderboard page's page number; anything that is not one shows the first page. */
export const leaderboardQuerySchema = z.object({ page: pageNumber.catch(1) });

/** The API's page number: absent is the first page, anything else that is not one is a 400. */
export const leaderboardApiQuerySchema = z.object({ page: pageNumber.default(1) });

/** A follow list page's cursor: the last handle of the page before; another value starts over. */
export const followListQuerySchema = z.object({
  cursor: handleCursor.optional().catch(undefined),
});

/** The API's follow list cursor: a handle, or a 400. */
export const followListApiQuerySchema = z.object({ cursor: handleCursor.optional() });
