import type { MessageKey } from "../i18n/i18n.ts";

/**
 * The sections of an employer's own pages, in the order of their navigation, as paths under
 * `/employers/{id}/manage` ("" is the overview). Members and staff see them all.
 */
export const EMPLOYER_SECTIONS: { path: string; label: MessageKey }[] = [
  { path: "", label: "employer.nav.overview" },
  { path: "members", label: "employer.nav.members" },
  { path: "jobs", label: "employer.nav.jobs" },
];

/** The address of a section of employer `id`'s pages, before localizing. */
export function employerHref(id: number, section = ""): string {
  return `/employers/${id}/manage${section ? `/${section}` : ""}`;
}
