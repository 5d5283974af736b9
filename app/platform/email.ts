import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { EMAIL_MAX } from "./field-limits.ts";

/**
 * An e-mail address as every form takes it: trimmed, at most EMAIL_MAX characters, a valid
 * address; any problem gives the form's own `invalid` message.
 */
export function emailField(invalid: MessageKey) {
  return z.string(invalid).trim().max(EMAIL_MAX, invalid).pipe(z.email(invalid));
}
