import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { PROVINCES } from "../../platform/provinces.ts";
import type { TaxClass } from "../../shop/tax.ts";
import { user } from "./accounts.ts";
import type { LocalizedText } from "./directory.ts";

/** What the shop sells. Prices are integer cents of Canadian dollars, before tax. */
export const product = pgTable(
  "product",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The product's name in content/shop, so seeding again finds it. */
    slug: text().notNull().unique(),
    name: jsonb().$type<LocalizedText>().notNull(),
    description: jsonb().$type<LocalizedText>().notNull(),
    category: text().notNull(),
    originalPriceCents: integer().notNull(),
    salePriceCents: integer().notNull(),
    /** On sale, the sale price is charged and the original one shown struck through. */
    onSale: boolean().notNull().default(false),
    /**
     * In the shop: staff take a product off sale by clearing it; it then leaves the list and the
     * API, shows as unavailable and cannot be added to a cart or checked out.
     */
    listed: boolean().notNull().default(true),
    image: text().notNull(),
    stock: integer().notNull(),
    /** "taxable" or "zero-rated" (basic groceries): which sales-tax components apply. */
    taxClass: text().$type<TaxClass>().notNull().default("taxable"),
    /** Both names, lower-cased without accents, as the search compares them. */
    searchName: text().notNull(),
    /** More pictures after `image`, in the order the product page shows them. */
    morePictures: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** How many times staff saved it (the conditional UPDATE's guard); seeding skips it once > 0. */
    version: integer().notNull().default(0),
  },
  (table) => [
    check("product_stock_positive", sql`${table.stock} >= 0`),
    check(
      "product_prices",
      sql`${table.salePriceCents} > 0 and ${table.salePriceCents} <= ${table.originalPriceCents}`,
    ),
    check(
      "product_category",
      sql`${table.category} in ('local-food', 'learning-play', 'home', 'outdoors', 'apparel')`,
    ),
    check("product_tax_class", sql`${table.taxClass} in ('taxable', 'zero-rated')`),
    index("product_category_idx").on(table.category, table.id),
  ],
);

/**
 * A cart: a player's (one per account) or a visitor's, named by a signed cookie. Visitors' carts
 * are deleted when they join a player's on sign-in, or after 30 days untouched.
 */
export const cart = pgTable(
  "cart",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Where the buyer is, for the sales tax shown; null until chosen. */
    province: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list is platform/provinces.ts's (two capital letters each, safe as SQL literals).
    check(
      "cart_province",
      sql`${table.province} in ${sql.raw(`(${PROVINCES.map((code) => `'${code}'`).join(", ")})`)}`,
    ),
    index("cart_visitor_updated_idx").on(table.updatedAt).where(sql`${table.userId} is null`),
  ],
);

export const cartLine = pgTable(
  "cart_line",
  {
    cartId: uuid()
      .notNull()
      .references(() => cart.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    quantity: smallint().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.productId] }),
    check("cart_line_quantity", sql`${table.quantity} between 1 and 10`),
  ],
);

/**
 * One sales-tax component of an order, as charged: its kind ("GST", "PST", "RST", "QST", "HST"),
 * its rate in parts per 100,000 (9.975% is 9975) and its amount in cents.
 */
export type OrderTax = { kind: string; rate: number; cents: number };

/**
 * A checked-out cart. Payment is by Interac e-Transfer, matched by staff: orders wait for payment
 * with their stock already set aside. The status moves only as app/shop/order-states.ts allows;
 * each state's time and the references staff gave are kept on the row, and are the history the
 * buyer sees (staff names are in the audit trail only).
 */
export const shopOrder = pgTable(
  "shop_order",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text().references(() => user.id, { onDelete: "set null" }),
    status: text().notNull().default("awaiting_payment"),
    name: text().notNull(),
    /**
     * The name in lower case, kept by PostgreSQL, for the console's search by a part of it: a short
     * part walks thousands of orders, and lowering each name as it went was half of that walk.
     */
    nameLower: text().notNull().generatedAlwaysAs(sql`lower(name)`),
    email: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    province: text().notNull(),
    postalCode: text().notNull(),
    locale: text().notNull(),
    subtotalCents: integer().notNull(),
    taxes: jsonb().$type<OrderTax[]>().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The Interac e-Transfer's reference staff matched the payment with. */
    paymentReference: text(),
    paidAt: timestamp({ withTimezone: true }),
    carrier: text(),
    trackingNumber: text(),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    refundReference: text(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check(
      "shop_order_status",
      sql`${table.status} in ('awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded')`,
    ),
    check(
      "shop_order_total",
      sql`${table.totalCents} = ${table.subtotalCents} + ${table.taxCents}`,
    ),
    // A buyer's orders, newest first (/orders).
    index("shop_order_user_idx").on(table.userId, table.id.desc()),
    // The console's search: by e-mail, by name (trigrams, for a part of it), by status, newest first.
    index("shop_order_email_idx").on(sql`lower(${table.email})`, table.id.desc()),
    index("shop_order_name_trgm_idx").using("gin", table.nameLower.op("gin_trgm_ops")),
    index("shop_order_status_idx").on(table.status, table.id.desc()),
    // The queue: orders waiting on staff (a payment to match, a parcel to send), oldest first.
    index("shop_order_waiting_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.status} in ('awaiting_payment', 'paid')`),
  ],
);

/** A line of an order, with the name, price and tax class as they were when it was placed. */
export const shopOrderLine = pgTable(
  "shop_order_line",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => shopOrder.id, { onDelete: "cascade" }),
    productId: integer().references(() => product.id, { onDelete: "set null" }),
    name: jsonb().$type<LocalizedText>().notNull(),
    unitPriceCents: integer().notNull(),
    quantity: smallint().notNull(),
    /** The product's tax class at checkout, which decided the tax charged on this line. */
    taxClass: text().$type<TaxClass>().notNull().default("taxable"),
  },
  (table) => [
    check("shop_order_line_tax_class", sql`${table.taxClass} in ('taxable', 'zero-rated')`),
    index("shop_order_line_order_idx").on(table.orderId),
    check("shop_order_line_quantity", sql`${table.quantity} between 1 and 10`),
  ],
);
