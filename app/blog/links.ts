/** How long a search text may be; the form's `maxLength` and the schema's limit. */
export const BLOG_SEARCH_MAX = 100;

/** The search as the address carries it: `?title=&location=&type=&when=`. */
export type BlogSearchForm = { title: string; location: string; type: string; when: string };

/** The address of a search of the blog, empty fields left out. */
export function blogSearchHref(form: Partial<BlogSearchForm>, cursor?: string): string {
  const params = new URLSearchParams();
  for (const name of ["title", "location", "type", "when"] as const) {
    if (form[name]) params.set(name, form[name]);
  }
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/blogs?${query}` : "/blogs";
}
