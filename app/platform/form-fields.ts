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
