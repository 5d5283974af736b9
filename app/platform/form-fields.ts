import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";

/** A checkbox: present ("on") when ticked, absent otherwise. */
export const checkbox = z
  .literal("on", "errors.invalid_value")
  .optional()
  .transform((value) => value === "on");

/** A whole number typed in a form field (a version, a stock count, points). */
export const wholeNumber = z.coerce.number("errors.invalid_value").int("errors.invalid_value");

/**
 * An amount typed in dollars ("12.5", "12.50", "12", or "12,50" as French writes it) as integer
 * cents; a third decimal or anything else is refused with the field's message.
 */
export function dollarsAsCents(message: MessageKey) {
  return z
    .string(message)
    .trim()
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, message)
    .transform((text) => Math.round(Number(text.replace(",", ".")) * 100));
}

/** A console list's page number (`?page=`); anything that is not one shows the first page. */
export const listPageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** An optional field: empty (or an empty file input) is none. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === "" || (value instanceof Blob && value.size === 0) ? undefined : value),
    schema.optional(),
  );
}

/** A web address people can open: http or https; "example.ca" is taken as https://example.ca. */
export function webAddressField(message: MessageKey, max: number) {
  return z
    .string(message)
    .trim()
    .max(max, message)
    .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: message }));
}

/**
 * For a text asked in English and/or French (at least one): with both empty, the first is made
 * not a string, so its own check gives its message where it stands (the other may stay empty).
 */
export function atLeastOneOf(first: string, second: string) {
  return (raw: unknown) => {
    if (typeof raw !== "object" || raw === null) return raw;
    const form = raw as Record<string, unknown>;
    const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";
    return blank(form[first]) && blank(form[second]) ? { ...form, [first]: null } : form;
  };
}
