import { parsePhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { PHONE_MAX } from "./field-limits.ts";

/**
 * A phone number someone in Canada can be reached at, in E.164 (+15145550123), or undefined.
 * Canadian numbers (by their area code), and the North American toll-free numbers businesses here
 * use, which libphonenumber files under the United States.
 */
export function canadianPhone(value: string): string | undefined {
  const phone = parsePhoneNumberFromString(value, "CA");
  if (!phone?.isValid()) return undefined;
  const canadian = phone.country === "CA";
  const tollFree = phone.countryCallingCode === "1" && phone.getType() === "TOLL_FREE";
  return canadian || tollFree ? phone.number : undefined;
}

/**
 * A phone field as every form takes it: a number `canadianPhone` accepts, kept in E.164; anything
 * else gives the form's own `invalid` message.
 */
export function phoneField(invalid: MessageKey) {
  return z
    .string(invalid)
    .trim()
    .max(PHONE_MAX, invalid)
    .transform((value, context) => {
      const phone = canadianPhone(value);
      if (phone) return phone;
      context.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    });
}

/** An E.164 number as people in Canada write it: "+15145550123" becomes "(514) 555-0123". */
export function displayPhone(e164: string): string {
  return parsePhoneNumber(e164).formatNational();
}
