import type { MessageKey } from "../i18n/i18n.ts";

/**
 * The sections of a listing's manage pages, in the order of their navigation, as paths under
 * `/businesses/{id}/manage` ("" is the listing itself). Owners and staff see them all.
 */
export const MANAGE_SECTIONS: { path: string; label: MessageKey }[] = [
  { path: "", label: "manage.nav.listing" },
  { path: "hours", label: "manage.nav.hours" },
  { path: "pictures", label: "manage.nav.pictures" },
  { path: "products", label: "manage.nav.products" },
  { path: "reviews", label: "manage.nav.reviews" },
  { path: "stats", label: "manage.nav.stats" },
  { path: "owners", label: "manage.nav.owners" },
];

/** The address of a section of business `id`'s manage pages, before localizing. */
export function manageHref(id: number, section = ""): string {
  return `/businesses/${id}/manage${section ? `/${section}` : ""}`;
}
