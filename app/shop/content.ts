import { z } from "zod";
import { SHOP_CATEGORIES } from "./categories.ts";
import { TAX_CLASSES } from "./tax.ts";

const localized = z.object({ "en-CA": z.string().min(1), "fr-CA": z.string().min(1) });

/** `content/shop/products.json`: the demo shop (see content/README.md). */
const productSeedSchema = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    name: localized,
    description: localized,
    category: z.enum(SHOP_CATEGORIES),
    originalPriceCents: z.number().int().positive(),
    salePriceCents: z.number().int().positive(),
    onSale: z.boolean(),
    stock: z.number().int().min(0),
    taxClass: z.enum(TAX_CLASSES),
  })
  .refine((item) => item.salePriceCents <= item.originalPriceCents, "a sale never costs more")
  .refine(
    (item) => !item.onSale || item.salePriceCents < item.originalPriceCents,
    "on sale for less",
  );

export const productFileSchema = z.strictObject({ products: z.array(productSeedSchema).min(1) });

export type ProductSeed = z.infer<typeof productSeedSchema>;
