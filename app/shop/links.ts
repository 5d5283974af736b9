/** How long a search text may be; the form's `maxLength` and the schema's limit. */
export const SHOP_SEARCH_MAX = 100;

/** The shop's search as the address carries it: `?title=&category=`. */
export type ShopSearchForm = { title: string; category: string };

/** The address of a search of the shop, empty fields left out. */
export function shopSearchHref(form: Partial<ShopSearchForm>, cursor?: string): string {
  const params = new URLSearchParams();
  if (form.title) params.set("title", form.title);
  if (form.category) params.set("category", form.category);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/shop?${query}` : "/shop";
}
