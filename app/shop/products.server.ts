import { and, asc, eq, gt, like, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { product } from "../db/schema/shop.ts";
import { AppError } from "../platform/errors.ts";
import { pageOf } from "../platform/query.ts";
import { lastId, rowsBetween } from "../platform/sitemap.server.ts";
import type { ShopCategory } from "./categories.ts";
import { idCursor, type ShopCriteria } from "./schemas.ts";
import { unitPrice } from "./totals.ts";
import type { Product, ProductPage } from "./types.ts";

/** A product's stock as buyers and carts see it: none when staff took it off sale. */
export const stockForSale = sql<number>`case when ${product.listed} then ${product.stock} else 0 end`;

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
  listed: product.listed,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

/** A product staff took off sale shows as having none to sell: its page says so, no cart takes it. */
function toProduct({ listed, ...row }: Row): Product {
  return {
    ...row,
    stock: listed ? row.stock : 0,
    category: row.category as ShopCategory,
    priceCents: unitPrice(row),
  };
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
  const conditions: SQL[] = [eq(product.listed, true)];
  if (criteria.title) conditions.push(like(product.searchName, containing(criteria.title)));
  if (criteria.category) conditions.push(eq(product.category, criteria.category));
  if (page.afterId) conditions.push(gt(product.id, page.afterId));
  const rows = await db
    .select(columns)
    .from(product)
    .where(and(...conditions))
    .orderBy(asc(product.id))
    .limit(page.limit + 1);
  const { items, next } = pageOf(rows, page.limit, (last) => idCursor.encode(last.id));
  return { items: items.map(toProduct), nextCursor: next };
}

/**
 * The product with this id; none is `not_found`, and so is one off sale unless `offSale` is
 * "shown" (its page says it is unavailable; the API and the list no longer have it).
 */
export async function getProduct(
  db: Db | Tx,
  id: number,
  offSale: "shown" | "hidden" = "hidden",
): Promise<Product> {
  const [row] = await db.select(columns).from(product).where(eq(product.id, id));
  if (!row || (!row.listed && offSale === "hidden")) throw new AppError("not_found");
  return toProduct(row);
}

/** The pictures after a product's main one, in the order staff gave them. */
export async function morePicturesOf(db: Db | Tx, id: number): Promise<string[]> {
  const [row] = await db
    .select({ morePictures: product.morePictures })
    .from(product)
    .where(eq(product.id, id));
  return row?.morePictures ?? [];
}

export const lastProductId = (db: Db | Tx) => lastId(db, product.id);
/** Products for the sitemap; a product's page last changed when it was added (seeded). */
export const productRowsBetween = (db: Db | Tx, afterId: number, upToId: number, limit: number) =>
  rowsBetween(db, { id: product.id, lastmod: product.createdAt }, afterId, upToId, limit);
