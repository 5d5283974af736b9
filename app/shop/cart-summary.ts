import type { Locale } from "../i18n/locale.ts";
import type { Cart } from "./types.ts";

/** What the cart pop-up in the navigation shows, in the page's language only. */
export type CartSummary = {
  count: number;
  subtotalCents: number;
  lines: {
    productId: number;
    name: string;
    image: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }[];
};

export function summarizeCart(cart: Cart, locale: Locale): CartSummary {
  return {
    count: cart.count,
    subtotalCents: cart.subtotalCents,
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      name: line.name[locale],
      image: line.image,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.lineTotalCents,
    })),
  };
}
