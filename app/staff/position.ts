import { CURSOR_ID, CURSOR_TIME, cursorCodec, pageCursor } from "../platform/query.ts";

/** Where a console list of waiting rows stopped: the last row's time and id (oldest first). */
export type ListPosition = { at: Date; id: number };

export const positionCodec = cursorCodec<ListPosition>(
  [CURSOR_TIME, CURSOR_ID],
  (position) => [position.at.toISOString(), position.id],
  ([at, id]) => ({ at: new Date(at ?? ""), id: Number(id) }),
);

/** `?after=` of a console list: a position the list made, or absent for the first page. */
export const afterParameter = pageCursor(positionCodec.decode, "errors.invalid_value");

/** Rows per page of a console list. */
export const STAFF_PAGE_SIZE = 25;
