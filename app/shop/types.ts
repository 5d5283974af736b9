import { z } from "zod";
import { PROVINCES } from "../platform/provinces.ts";
import { cursorPage, localizedText } from "../platform/wire.ts";
import { SHOP_CATEGORIES } from "./categories.ts";
import { TAX_CLASSES, TAX_KINDS } from "./tax.ts";

const cents = (description: string) => z.int().min(0).meta({ description });

/** A product as the grid, its dialog, its page and the API show it. */
export const productSchema = z.object({
  id: z.int().meta({ example: 7 }),
  name: localizedText,
  description: localizedText,
  category: z.enum(SHOP_CATEGORIES),
  originalPriceCents: cents("The usual price, in cents CAD, before tax"),
  salePriceCents: cents("The price while on sale, in cents CAD, before tax"),
  onSale: z.boolean(),
  priceCents: cents("What one costs now: the sale price while on sale, else the original"),
  image: z.string().meta({ description: "Path of the picture on this site" }),
  stock: z.int().min(0),
});
export type Product = z.output<typeof productSchema>;

export const productPageSchema = cursorPage(productSchema);
export type ProductPage = z.output<typeof productPageSchema>;

const taxClassSchema = z
  .enum(TAX_CLASSES)
  .meta({ description: "Zero-rated basic groceries bear no sales-tax component" });

const taxLineSchema = z.object({
  kind: z.enum(TAX_KINDS),
  rate: z.int().meta({ description: "Parts per 100,000 (9.975% is 9975)", example: 9975 }),
  cents: cents("This component on the taxable lines' subtotal, rounded half up"),
});

const cartLineSchema = z.object({
  productId: z.int(),
  name: localizedText,
  image: z.string(),
  unitPriceCents: cents("The price of one, now"),
  originalPriceCents: cents("The usual price of one"),
  onSale: z.boolean(),
  quantity: z.int().min(1).max(10),
  stock: z
    .int()
    .min(0)
    .meta({ description: "Left now; a quantity above it cannot be checked out" }),
  lineTotalCents: cents("Price × quantity"),
  taxClass: taxClassSchema,
});
export type CartLine = z.output<typeof cartLineSchema>;

/** A cart with the server's prices and totals; `province` decides the tax. */
export const cartSchema = z
  .object({
    lines: z.array(cartLineSchema),
    count: z.int().min(0).meta({ description: "Items, counting quantities" }),
    province: z.enum(PROVINCES).nullable(),
    subtotalCents: cents("Before tax"),
    taxes: z.array(taxLineSchema),
    taxCents: cents("All tax components"),
    totalCents: cents("Subtotal and taxes"),
  })
  .meta({
    description:
      "The cart at the server's current prices. Sales tax appears once the province is set: each component on the subtotal of the taxable lines, rounded half up on its own.",
  });
export type Cart = z.output<typeof cartSchema>;

export const orderSchema = z.object({
  number: z.string().meta({ example: "NB-000042" }),
  status: z.enum(["awaiting_payment", "paid", "shipped", "cancelled"]).meta({
    description: "There is no payment provider yet: a new order is awaiting payment",
  }),
  name: z.string(),
  email: z.email(),
  address: z.string(),
  city: z.string(),
  province: z.enum(PROVINCES),
  postalCode: z.string().meta({ example: "G1R 4P5" }),
  lines: z.array(
    z.object({
      name: localizedText,
      unitPriceCents: z.int(),
      quantity: z.int(),
      lineTotalCents: z.int(),
      taxClass: taxClassSchema,
    }),
  ),
  subtotalCents: z.int(),
  taxes: z.array(taxLineSchema),
  taxCents: z.int(),
  totalCents: z.int(),
  createdAt: z.iso.datetime(),
});
export type Order = z.output<typeof orderSchema>;

/** An order's number as people read it: "NB-000042". */
export function orderNumber(id: number): string {
  return `NB-${String(id).padStart(6, "0")}`;
}
