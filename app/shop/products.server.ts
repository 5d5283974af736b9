import { and, asc, eq, gt, like, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { product } from "../db/schema/shop.ts";
import { AppError } from "../platform/errors.ts";
import { lastId, rowsBetween } from "../platform/sitemap.server.ts";
import type { ShopCategory } from "./categories.ts";
import { idCursor, type ShopCriteria } from "./schemas.ts";
import { unitPrice } from "./totals.ts";
import type { Product, ProductPage } from "./types.ts";

const columns = {
  id: product.id,
  name: product.name,
  description: product.description,
  category: product.category,
  originalPriceCents: product.originalPriceCents,
  salePriceCents: product.salePriceCents,
  onSale: product.onSale,
  image: product.image,
  stock: product.stock,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

function toProduct(row: Row): Product {
  return { ...row, category: row.category as ShopCategory, priceCents: unitPrice(row) };
}

/** `%text%` for LIKE, with the user's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Products whose name (in either language) contains the title and that are in the category, in
 * the shop's order, `limit` at a time; pass the previous page's `nextCursor` to continue.
 */
export async function searchProducts(
  db: Db | Tx,
  criteria: ShopCriteria,
  page: { limit: number; afterId?: number },
): Promise<ProductPage> {
  const conditions: SQL[] = [];
  if (criteria.title) conditions.push(like(product.searchName, containing(criteria.title)));
  if (criteria.category) conditions.push(eq(product.category, criteria.category));
  if (page.afterId) conditions.push(gt(product.id, page.afterId));
  const rows = await db
    .select(columns)
    .from(product)
    .where(and(...conditions))
    .orderBy(asc(product.id))
    .limit(page.limit + 1);
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return {
    items: rows.slice(0, page.limit).map(toProduct),
    nextCursor: last ? idCursor.encode(last.id) : null,
  };
}

/** The product with this id; none is `not_found`. */
export async function getProduct(db: Db | Tx, id: number): Promise<Product> {
  const [row] = await db.select(columns).from(product).where(eq(product.id, id));
  if (!row) throw new AppError("not_found");
  return toProduct(row);
}

export const lastProductId = (db: Db | Tx) => lastId(db, product.id);
/** Products for the sitemap; a product's page last changed when it was added (seeded). */
export const productRowsBetween = (db: Db | Tx, afterId: number, upToId: number, limit: number) =>
  rowsBetween(db, { id: product.id, lastmod: product.createdAt }, afterId, upToId, limit);
