/** The shop's categories, in the order its filter lists them. */
export const SHOP_CATEGORIES = [
  "local-food",
  "learning-play",
  "home",
  "outdoors",
  "apparel",
] as const;

export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export function isShopCategory(value: unknown): value is ShopCategory {
  return (SHOP_CATEGORIES as readonly unknown[]).includes(value);
}
