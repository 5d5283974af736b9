// What the search form and the result pages need in the browser, kept apart from search.ts so
// that its zod schema stays on the server.

/** How long a search text may be; the form's `maxLength` and the schema's limit. */
export const SEARCH_TEXT_MAX = 100;

/** What a search asks for, as the address carries it: `?title=&location=&category=`. */
export type SearchForm = { title: string; location: string; category: string };

/** The address of a search, with empty fields kept as the spec's links have them. */
export function searchHref(form: Partial<SearchForm>, cursor?: string): string {
  const params = new URLSearchParams({
    title: form.title ?? "",
    location: form.location ?? "",
    category: form.category ?? "",
  });
  if (cursor) params.set("cursor", cursor);
  return `/businesses?${params}`;
}

/** The map of a place on OpenStreetMap, where a visitor finds their way there. */
export function directionsHref(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}
