import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { AppError } from "./errors.ts";

/** A query parameter sent more than once counts once, as browsers and shared links send it. */
export const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** A row's id from an address (`/jobs/12`): a whole number of one to nine digits, else undefined. */
export function parseRowId(value: string | undefined): number | undefined {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

/** A row's id from an address, or the site's 404: an address that cannot name a row names none. */
export function rowIdOrNotFound(value: string | undefined): number {
  const id = parseRowId(value);
  if (id === undefined) throw new AppError("not_found");
  return id;
}

/** A search text from the address: trimmed, empty when absent, at most `max` characters. */
export function queryText(max: number, tooLong: MessageKey) {
  return z.preprocess(firstValue, z.string().trim().max(max, tooLong).default(""));
}

/** How many results a page holds: `fallback` when absent, else a whole number from 1 to `max`. */
export function pageLimit(fallback: number, max: number, invalid: MessageKey) {
  return z
    .preprocess(
      firstValue,
      z
        .string()
        .optional()
        .transform((value, context) => {
          if (value === undefined) return fallback;
          const limit = value.trim() === "" ? Number.NaN : Number(value);
          if (!Number.isInteger(limit) || limit < 1 || limit > max)
            context.addIssue({ code: "custom", message: invalid });
          return limit;
        }),
    )
    .meta({ type: "integer", minimum: 1, maximum: max, description: `${fallback} when absent` });
}

/** Every cursor is base64url text; the API document says so (its pattern comes from here). */
const CURSOR_TEXT = /^[A-Za-z0-9_-]{0,200}$/;

/**
 * Where the next page of a list starts, as the address carries it (opaque to clients): made by
 * `encode`, read back by `decode`, which returns undefined for anything it did not make.
 */
export function pageCursor<Cursor>(
  decode: (value: string) => Cursor | undefined,
  invalid: MessageKey,
) {
  return z.preprocess(
    firstValue,
    z
      .string()
      .regex(CURSOR_TEXT, invalid)
      .optional()
      .transform((value, context) => {
        if (!value) return undefined;
        const cursor = decode(value);
        if (!cursor) context.addIssue({ code: "custom", message: invalid });
        return cursor;
      }),
  );
}

/** The fields cursors hold, as patterns: a row's id (serial, so at most nine digits) and a time. */
export const CURSOR_ID = String.raw`[1-9]\d{0,8}`;
export const CURSOR_TIME = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z`;

/**
 * The one cursor codec of every list: `encode` writes the cursor's fields (`write`) joined by "|",
 * in base64url; `decode` takes back only text whose fields match `fields` (patterns, in order), and
 * `read` turns them into the cursor or refuses them (undefined).
 */
export function cursorCodec<Cursor>(
  fields: readonly string[],
  write: (cursor: Cursor) => readonly (string | number)[],
  read: (parts: string[]) => Cursor | undefined,
) {
  const pattern = new RegExp(`^${fields.map((field) => `(${field})`).join("\\|")}$`);
  return {
    encode: (cursor: Cursor): string => Buffer.from(write(cursor).join("|")).toString("base64url"),
    decode: (value: string): Cursor | undefined => {
      const match = pattern.exec(Buffer.from(value, "base64url").toString("utf8"));
      return match ? read(match.slice(1) as string[]) : undefined;
    },
  };
}

/**
 * JavaScript reads some days PostgreSQL refuses (year 0; 30 February, which it moves to 2 March),
 * and a query given one fails: only a day that is itself once read is let through.
 */
export function isDayPostgresReads(iso: string): boolean {
  const time = Date.parse(iso);
  return (
    !Number.isNaN(time) &&
    !iso.startsWith("0000") &&
    new Date(time).toISOString().slice(0, 10) === iso.slice(0, 10)
  );
}

/** A cursor of the newest-first lists: the last row's time and id. */
export type TimeCursor = { at: string; id: number };

export const timeCursor = cursorCodec<TimeCursor>(
  [CURSOR_TIME, CURSOR_ID],
  (cursor) => [cursor.at, cursor.id],
  ([at = "", id]) => (isDayPostgresReads(at) ? { at, id: Number(id) } : undefined),
);

/**
 * A page from rows read with `limit + 1` (the extra row only says whether there is more): the
 * first `limit`, and the cursor of the last of them when there is more, else null. Every keyset
 * list reads its page this way.
 */
export function pageOf<Row, Cursor>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (last: Row) => Cursor,
): { items: Row[]; next: Cursor | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
