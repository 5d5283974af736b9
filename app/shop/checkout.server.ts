import { and, asc, eq, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { cart, cartLine, product, shopOrder, shopOrderLine } from "../db/schema/shop.ts";
import type { Locale, LocalizedText } from "../i18n/locale.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { postalCodeInProvince } from "../platform/postal-code.ts";
import { isProvince, type Province } from "../platform/provinces.ts";
import { hashedSubject, takeAttempt } from "../platform/rate-limit.server.ts";
import { orderEmail, unpaidOrderCancelledEmail } from "./emails.server.ts";
import { type OrderLinks, orderStatusUrl } from "./order-links.server.ts";
import { takeOrderMove } from "./orders.server.ts";
import { stockForSale } from "./products.server.ts";
import type { CheckoutForm } from "./schemas.ts";
import type { TaxClass } from "./tax.ts";
import { cartTotals, unitPrice } from "./totals.ts";
import { type Order, orderNumber } from "./types.ts";

/**
 * Turns the cart into an order awaiting payment, in one transaction: the cart is locked (a second
 * submission waits, then finds it empty), each item's stock is taken with a conditional UPDATE
 * (`stock >= quantity`, so stock never goes below 0 and of two buyers of the last one, one wins),
 * prices are read from those same locked rows, the cart is emptied and the confirmation e-mail is
 * queued. Any failure leaves everything as it was, its count against the limits per client address
 * and per recipient included (app/platform/limits.ts; decision 0038 says why checkout alone counts
 * this late).
 */
export async function placeOrder(
  db: Db,
  cartId: string,
  buyer: { userId: string | null; locale: Locale; clientAddress: string | null },
  form: CheckoutForm,
  payment: ShopPayment,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ province: cart.province })
      .from(cart)
      .where(eq(cart.id, cartId))
      .for("update");
    const province = form.province ?? (isProvince(owner?.province) ? owner.province : null);
    if (!owner || !province)
      throw new AppError("invalid_parameters", {
        problems: [{ field: "province", message: "shop.problems.provinceRequired" }],
      });
    if (!postalCodeInProvince(form.postalCode, province))
      throw new AppError("invalid_parameters", {
        problems: [{ field: "postalCode", message: "shop.problems.postalCodeProvince" }],
      });

    // In product order, so that two checkouts sharing items lock them in the same order.
    const wanted = await tx
      .select({ productId: cartLine.productId, quantity: cartLine.quantity })
      .from(cartLine)
      .where(eq(cartLine.cartId, cartId))
      .orderBy(asc(cartLine.productId));
    if (wanted.length === 0) throw new AppError("conflict", { message: "shop.problems.emptyCart" });
    // Counted here, in the transaction: a checkout refused for its input or its stock is undone
    // and does not count; one past a limit is undone whole.
    await takeAttempt(tx, "checkout", buyer.clientAddress);
    await takeAttempt(tx, "checkout-to", hashedSubject(form.email.trim().toLowerCase()));

    const lines: {
      productId: number;
      name: LocalizedText;
      unitPriceCents: number;
      quantity: number;
      taxClass: TaxClass;
    }[] = [];
    for (const line of wanted) {
      const [taken] = await tx
        .update(product)
        .set({ stock: sql`${product.stock} - ${line.quantity}` })
        .where(
          sql`${product.id} = ${line.productId} and ${product.listed} and ${product.stock} >= ${line.quantity}`,
        )
        .returning({
          name: product.name,
          originalPriceCents: product.originalPriceCents,
          salePriceCents: product.salePriceCents,
          onSale: product.onSale,
          taxClass: product.taxClass,
        });
      if (!taken) {
        const [left] = await tx
          .select({ name: product.name, stock: stockForSale })
          .from(product)
          .where(eq(product.id, line.productId));
        throw new AppError("conflict", {
          message: left?.stock ? "shop.problems.stockChanged" : "shop.problems.soldOutAtCheckout",
          values: { name: left?.name[buyer.locale] ?? "", count: left?.stock ?? 0 },
        });
      }
      lines.push({
        productId: line.productId,
        name: taken.name,
        unitPriceCents: unitPrice(taken),
        quantity: line.quantity,
        taxClass: taken.taxClass,
      });
    }

    const totals = cartTotals(lines, province);
    const [order] = await tx
      .insert(shopOrder)
      .values({
        userId: buyer.userId,
        name: form.name,
        email: form.email,
        address: form.address,
        city: form.city,
        province,
        postalCode: form.postalCode,
        locale: buyer.locale,
        subtotalCents: totals.subtotalCents,
        taxes: totals.taxes,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
      })
      .returning({ id: shopOrder.id, createdAt: shopOrder.createdAt });
    if (!order) throw new Error("the order was not recorded");
    await tx.insert(shopOrderLine).values(lines.map((line) => ({ orderId: order.id, ...line })));
    await tx.delete(cartLine).where(eq(cartLine.cartId, cartId));
    await tx.update(cart).set({ province, updatedAt: sql`now()` }).where(eq(cart.id, cartId));

    const placed: Order = {
      number: orderNumber(order.id),
      status: "awaiting_payment",
      name: form.name,
      email: form.email,
      address: form.address,
      city: form.city,
      province: province as Province,
      postalCode: form.postalCode,
      lines: lines.map(({ name, unitPriceCents, quantity, taxClass }) => ({
        name,
        unitPriceCents,
        quantity,
        lineTotalCents: unitPriceCents * quantity,
        taxClass,
      })),
      subtotalCents: totals.subtotalCents,
      taxes: totals.taxes,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      createdAt: order.createdAt.toISOString(),
    };
    await enqueueEmail(
      tx,
      orderEmail(placed, buyer.locale, {
        interacEmail: payment.interacEmail,
        statusUrl: orderStatusUrl(order.id, buyer.locale, payment.links),
      }),
    );
    return placed;
  });
}

/** Where buyers send their e-Transfers (INTERAC_EMAIL), and how their e-mails link to orders. */
export type ShopPayment = { interacEmail: string; links: OrderLinks };

/** Orders released per transaction batch by the sweep. */
const RELEASE_BATCH = 100;

/**
 * Cancels the orders still unpaid `unpaidHours` after they were placed: each in its own
 * transaction, by the same move staff make (app/shop/orders.server.ts, whose conditional UPDATE
 * takes the order only if it is still awaiting payment, so of several processes sweeping at once,
 * one releases it, once), which puts its items back in stock; the buyer is told by e-mail.
 * Returns how many were released.
 */
export async function releaseUnpaidOrders(
  db: Db,
  unpaidHours: number,
  links: OrderLinks,
  now = new Date(),
): Promise<number> {
  const placedBefore = new Date(now.getTime() - unpaidHours * 60 * 60 * 1000);
  const old = lte(shopOrder.createdAt, placedBefore);
  let released = 0;
  for (;;) {
    const batch = await db
      .select({ id: shopOrder.id })
      .from(shopOrder)
      .where(and(eq(shopOrder.status, "awaiting_payment"), old))
      .orderBy(asc(shopOrder.id))
      .limit(RELEASE_BATCH);
    for (const { id } of batch)
      if (await releaseOrder(db, id, old, unpaidHours, links)) released += 1;
    if (batch.length < RELEASE_BATCH) return released;
  }
}

async function releaseOrder(
  db: Db,
  id: number,
  old: SQL,
  unpaidHours: number,
  links: OrderLinks,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await takeOrderMove(tx, id, "awaiting_payment", { to: "cancelled" }, old);
    if (!order) return false;
    await enqueueEmail(
      tx,
      unpaidOrderCancelledEmail(
        order,
        order.locale,
        unpaidHours,
        orderStatusUrl(id, order.locale, links),
      ),
    );
    return true;
  });
}
