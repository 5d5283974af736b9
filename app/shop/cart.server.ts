import { and, asc, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { cart, cartLine, product } from "../db/schema/shop.ts";
import { AppError } from "../platform/errors.ts";
import { isProvince, type Province } from "../platform/provinces.ts";
import { stockForSale } from "./products.server.ts";
import { cartTotals, MAX_QUANTITY, unitPrice } from "./totals.ts";
import type { Cart } from "./types.ts";

/** A visitor's cart untouched for this long is deleted. */
export const VISITOR_CART_DAYS = 30;

/** The player's cart, made on first use when `create` is set; null when they have none yet. */
export async function playerCartId(
  db: Db | Tx,
  userId: string,
  { create }: { create: boolean },
): Promise<string | null> {
  if (create) {
    await db.insert(cart).values({ userId }).onConflictDoNothing({ target: cart.userId });
  }
  const [row] = await db.select({ id: cart.id }).from(cart).where(eq(cart.userId, userId));
  return row?.id ?? null;
}

/** A new, empty visitor's cart. */
export async function createVisitorCart(db: Db | Tx): Promise<string> {
  const [row] = await db.insert(cart).values({}).returning({ id: cart.id });
  if (!row) throw new Error("no cart was made");
  return row.id;
}

/** Whether a visitor's cart (never a player's) with this id still exists. */
export async function visitorCartExists(db: Db | Tx, cartId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cart.id })
    .from(cart)
    .where(and(eq(cart.id, cartId), isNull(cart.userId)));
  return Boolean(row);
}

/** A cart with nothing in it (no cart yet, or one where the page reads none). */
export const emptyCart: Cart = { lines: [], province: null, ...cartTotals([], null) };

/** The cart's lines at today's prices and stock, with its totals; an unknown cart is empty. */
export async function readCart(db: Db | Tx, cartId: string | null): Promise<Cart> {
  return cartId ? readCartWhere(db, eq(cart.id, cartId)) : emptyCart;
}

/** The player's cart, as readCart reads it; empty when they have none. */
export function readPlayerCart(db: Db | Tx, userId: string): Promise<Cart> {
  return readCartWhere(db, eq(cart.userId, userId));
}

/**
 * One cart and its lines in one statement (its province on every row, one row without a line
 * when it is empty): the shell reads the count on every page a player opens.
 */
async function readCartWhere(db: Db | Tx, which: SQL): Promise<Cart> {
  const rows = await db
    .select({
      province: cart.province,
      productId: product.id,
      name: product.name,
      image: product.image,
      originalPriceCents: product.originalPriceCents,
      salePriceCents: product.salePriceCents,
      onSale: product.onSale,
      stock: stockForSale,
      taxClass: product.taxClass,
      quantity: cartLine.quantity,
    })
    .from(cart)
    .leftJoin(cartLine, eq(cartLine.cartId, cart.id))
    .leftJoin(product, eq(product.id, cartLine.productId))
    .where(which)
    .orderBy(asc(cartLine.addedAt), asc(product.id));
  const [first] = rows;
  if (!first) return emptyCart;
  // An empty cart's one row has no line: every line column is null together.
  type Row = (typeof rows)[number];
  const isLine = (row: Row): row is { [K in keyof Row]: NonNullable<Row[K]> } =>
    row.productId !== null;
  const lines = rows.filter(isLine).map(({ province: _, salePriceCents, ...row }) => {
    const unitPriceCents = unitPrice({ ...row, salePriceCents });
    return { ...row, unitPriceCents, lineTotalCents: unitPriceCents * row.quantity };
  });
  const province = isProvince(first.province) ? first.province : null;
  return { lines, province, ...cartTotals(lines, province) };
}

async function touch(tx: Db | Tx, cartId: string) {
  await tx.update(cart).set({ updatedAt: sql`now()` }).where(eq(cart.id, cartId));
}

/** The product, locked until the transaction ends, or a 404. */
async function stockOf(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx
    .select({ stock: stockForSale })
    .from(product)
    .where(eq(product.id, productId))
    .for("share");
  if (!row) throw new AppError("not_found", { message: "shop.problems.noSuchProduct" });
  return row.stock;
}

function assertAvailable(quantity: number, stock: number) {
  if (stock === 0) throw new AppError("conflict", { message: "shop.problems.soldOut" });
  if (quantity > stock)
    throw new AppError("conflict", {
      message: "shop.problems.notEnoughStock",
      values: { count: stock },
    });
}

/**
 * Refuses, before any cart is made for it, what no cart could take: an unknown product, a sold-out
 * one, or more than its stock. addToCart checks again, with what the cart already holds.
 */
export async function assertAddable(db: Db | Tx, productId: number, quantity: number) {
  const [row] = await db
    .select({ stock: stockForSale })
    .from(product)
    .where(eq(product.id, productId));
  if (!row) throw new AppError("not_found", { message: "shop.problems.noSuchProduct" });
  assertAvailable(quantity, row.stock);
}

/**
 * Adds `quantity` of a product to the cart (to what is already there): never above 10 of one item
 * nor above the stock. Prices are not stored: the cart always shows the product's current price.
 */
export async function addToCart(db: Db, cartId: string, productId: number, quantity: number) {
  await db.transaction(async (tx) => {
    const stock = await stockOf(tx, productId);
    const [line] = await tx
      .select({ quantity: cartLine.quantity })
      .from(cartLine)
      .where(and(eq(cartLine.cartId, cartId), eq(cartLine.productId, productId)))
      .for("update");
    const wanted = (line?.quantity ?? 0) + quantity;
    if (wanted > MAX_QUANTITY)
      throw new AppError("conflict", {
        message: "shop.problems.tooMany",
        values: { count: MAX_QUANTITY },
      });
    assertAvailable(wanted, stock);
    await tx
      .insert(cartLine)
      .values({ cartId, productId, quantity: wanted })
      .onConflictDoUpdate({
        target: [cartLine.cartId, cartLine.productId],
        set: { quantity: wanted },
      });
    await touch(tx, cartId);
  });
}

/** Sets how many of an item the cart holds (1 to 10, within the stock); the line must exist. */
export async function setQuantity(db: Db, cartId: string, productId: number, quantity: number) {
  await db.transaction(async (tx) => {
    assertAvailable(quantity, await stockOf(tx, productId));
    const changed = await tx
      .update(cartLine)
      .set({ quantity })
      .where(and(eq(cartLine.cartId, cartId), eq(cartLine.productId, productId)))
      .returning({ productId: cartLine.productId });
    if (changed.length === 0)
      throw new AppError("not_found", { message: "shop.problems.notInCart" });
    await touch(tx, cartId);
  });
}

/** Takes an item out of the cart; taking out what is not there changes nothing. */
export async function removeFromCart(db: Db | Tx, cartId: string, productId: number) {
  await db
    .delete(cartLine)
    .where(and(eq(cartLine.cartId, cartId), eq(cartLine.productId, productId)));
  await touch(db, cartId);
}

export async function emptyTheCart(db: Db | Tx, cartId: string) {
  await db.delete(cartLine).where(eq(cartLine.cartId, cartId));
  await touch(db, cartId);
}

/** Where the buyer is, which decides the sales tax. */
export async function setProvince(db: Db | Tx, cartId: string, province: Province) {
  await db.update(cart).set({ province, updatedAt: sql`now()` }).where(eq(cart.id, cartId));
}

/**
 * A visitor's cart joins a player's: its lines are added to theirs (at most 10 of one item), its
 * province kept if the player had none, and it is deleted. The visitor's cart row is locked first,
 * so two requests merging at once move its lines once: the second finds it gone.
 */
export async function mergeVisitorCart(db: Db, visitorCartId: string, playerCartId: string) {
  if (visitorCartId === playerCartId) return;
  await db.transaction(async (tx) => {
    const [visitor] = await tx
      .select({ province: cart.province })
      .from(cart)
      .where(and(eq(cart.id, visitorCartId), isNull(cart.userId)))
      .for("update");
    if (!visitor) return;
    await tx.execute(sql`
      insert into ${cartLine} (cart_id, product_id, quantity, added_at)
      select ${playerCartId}, product_id, quantity, added_at
      from ${cartLine} where cart_id = ${visitorCartId}
      on conflict (cart_id, product_id)
      do update set quantity = least(${MAX_QUANTITY}, ${cartLine.quantity} + excluded.quantity)`);
    await tx.delete(cart).where(eq(cart.id, visitorCartId));
    await tx
      .update(cart)
      .set({
        province: sql`coalesce(${cart.province}, ${visitor.province})`,
        updatedAt: sql`now()`,
      })
      .where(eq(cart.id, playerCartId));
  });
}

/** Deletes visitors' carts untouched for VISITOR_CART_DAYS; returns how many. */
export async function sweepVisitorCarts(db: Db): Promise<number> {
  const removed = await db
    .delete(cart)
    .where(
      and(
        isNull(cart.userId),
        lt(cart.updatedAt, sql`now() - make_interval(days => ${VISITOR_CART_DAYS})`),
      ),
    )
    .returning({ id: cart.id });
  return removed.length;
}
