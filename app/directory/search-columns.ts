import { normalizeForSearch } from "../platform/text.ts";

/**
 * The search columns of a business (what search matches against): its name, and "city province",
 * lower-cased and accent-free. Seeding and every edit compute them here, so both match alike.
 */
export function businessSearchColumns(listing: { name: string; city: string; province: string }) {
  return {
    searchName: normalizeForSearch(listing.name),
    searchLocation: normalizeForSearch(`${listing.city} ${listing.province}`),
  };
}
