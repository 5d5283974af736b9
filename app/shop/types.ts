import type { LocalizedText } from "../i18n/locale.ts";
import type { Province } from "../platform/provinces.ts";
import type { ShopCategory } from "./categories.ts";
import type { TaxClass, TaxLine } from "./tax.ts";

/** A product as the grid, its dialog, its page and the API show it. */
export type Product = {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  category: ShopCategory;
  originalPriceCents: number;
  salePriceCents: number;
  onSale: boolean;
  /** What one costs now: the sale price while on sale. */
  priceCents: number;
  image: string;
  stock: number;
};

export type ProductPage = { items: Product[]; nextCursor: string | null };

export type CartLine = {
  productId: number;
  name: LocalizedText;
  image: string;
  unitPriceCents: number;
  originalPriceCents: number;
  onSale: boolean;
  quantity: number;
  stock: number;
  lineTotalCents: number;
  taxClass: TaxClass;
};

/** A cart with the server's prices and totals; `province` decides the tax. */
export type Cart = {
  lines: CartLine[];
  count: number;
  province: Province | null;
  subtotalCents: number;
  taxes: TaxLine[];
  taxCents: number;
  totalCents: number;
};

export type Order = {
  number: string;
  status: "awaiting_payment" | "paid" | "shipped" | "cancelled";
  name: string;
  email: string;
  address: string;
  city: string;
  province: Province;
  postalCode: string;
  lines: {
    name: LocalizedText;
    unitPriceCents: number;
    quantity: number;
    lineTotalCents: number;
    taxClass: TaxClass;
  }[];
  subtotalCents: number;
  taxes: TaxLine[];
  taxCents: number;
  totalCents: number;
  createdAt: string;
};

/** An order's number as people read it: "NB-000042". */
export function orderNumber(id: number): string {
  return `NB-${String(id).padStart(6, "0")}`;
}
