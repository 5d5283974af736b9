import { z } from "zod";
import { wholeNumber } from "../platform/form-fields.ts";

/**
 * Restoring a kept version of a listing (`/staff/listings/{id}/history`): the version wanted, and
 * the listing's version the page showed (409 if someone saved since).
 */
export const restoreListingSchema = z.strictObject({
  version: wholeNumber.min(0, "errors.invalid_value"),
  current: wholeNumber.min(0, "errors.invalid_value"),
});
