import { type Locale, localizedPath } from "../i18n/locale.ts";
import type { Product } from "./types.ts";

/**
 * A product as search engines read it: a schema.org Product with one Offer at the price charged
 * now (the sale price while on sale), in Canadian dollars, in stock or sold out as the shop sees it.
 */
export function productJsonLd(product: Product, locale: Locale, baseUrl: string) {
  const url = `${baseUrl}${localizedPath(`/shop/${product.id}`, locale)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    url,
    name: product.name[locale],
    description: product.description[locale],
    image: new URL(product.image, baseUrl).href,
    sku: String(product.id),
    offers: {
      "@type": "Offer",
      url,
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: "CAD",
      availability:
        product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}
