import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/client.server.ts";
import { product } from "../db/schema/shop.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { type ProductSeed, productFileSchema } from "./content.ts";

/** Reads and checks `content/shop/products.json`. */
export async function readShopContent(contentDir: string): Promise<ProductSeed[]> {
  const file = path.join(contentDir, "shop", "products.json");
  const parsed = productFileSchema.safeParse(JSON.parse(await fs.readFile(file, "utf8")));
  if (!parsed.success) {
    throw new Error(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
    );
  }
  return parsed.data.products;
}

/** Both names, as the shop's search compares them. */
function productSearchName(name: ProductSeed["name"]): string {
  return normalizeForSearch(`${name["en-CA"]} ${name["fr-CA"]}`);
}

/**
 * Adds every content product not there yet (by slug), with its picture under
 * public/images/shop/; products already present keep their stock and prices.
 */
export async function seedProducts(db: Database, products: ProductSeed[]): Promise<number> {
  if (products.length === 0) return 0;
  const added = await db
    .insert(product)
    .values(
      products.map((item) => ({
        ...item,
        image: `/images/shop/${item.slug}.svg`,
        searchName: productSearchName(item.name),
      })),
    )
    .onConflictDoNothing({ target: product.slug })
    .returning({ id: product.id });
  return added.length;
}
