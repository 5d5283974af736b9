import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import type { Province } from "./provinces.ts";

/**
 * A Canadian postal code as every form takes it: any case, with or without its space, written
 * back as "A1A 1A1"; anything else gives the form's own `invalid` message.
 */
export function postalCodeField(invalid: MessageKey) {
  return z
    .string(invalid)
    .trim()
    .toUpperCase()
    .regex(/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, invalid)
    .transform(
      (value) => `${value.replace(" ", "").slice(0, 3)} ${value.replace(" ", "").slice(3)}`,
    );
}

/** The first letter of a postal code says which province or territory it is in. */
const POSTAL_LETTERS: Record<Province, string> = {
  NL: "A",
  NS: "B",
  PE: "C",
  NB: "E",
  QC: "GHJ",
  ON: "KLMNP",
  MB: "R",
  SK: "S",
  AB: "T",
  BC: "V",
  NT: "X",
  NU: "X",
  YT: "Y",
};

export function postalCodeInProvince(postalCode: string, province: Province): boolean {
  return POSTAL_LETTERS[province].includes(postalCode.charAt(0));
}
