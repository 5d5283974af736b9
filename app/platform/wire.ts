import { z } from "zod";
import { LOCALES, type Locale } from "../i18n/locale.ts";

/**
 * Pieces of the JSON API's answer schemas that several areas share. An answer schema's input side
 * is the wire (what the API document shows), its output side what the route hands to `jsonAnswer`;
 * times are ISO 8601 text on both (the services write them with toISOString).
 */

/** A text in each of the site's languages. */
export const localizedText = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, z.string()])) as Record<Locale, z.ZodString>,
);

/** A list of texts in each of the site's languages. */
export const localizedList = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, z.array(z.string())])) as Record<
    Locale,
    z.ZodArray<z.ZodString>
  >,
);

/** A page of a list that goes on from `nextCursor`. */
export function cursorPage<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null on the last page" }),
  });
}

/** Every item of a list that has no pages. */
export function allItems<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item) });
}

/** The id of what a POST created. */
export const createdId = z.object({ id: z.int() });
