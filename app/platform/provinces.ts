/**
 * Canada's thirteen provinces and territories by their two-letter codes, for every form that asks
 * where a person or business is. Their names are messages (`provinces.<code>`).
 */
export const PROVINCES = [
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT",
] as const;

export type Province = (typeof PROVINCES)[number];

export function isProvince(value: unknown): value is Province {
  return (PROVINCES as readonly unknown[]).includes(value);
}
