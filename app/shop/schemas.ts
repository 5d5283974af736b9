import { z } from "zod";
import type { MessageKey } from "../i18n/i18n.ts";
import { emailField } from "../platform/email.ts";
import { postalCodeField } from "../platform/postal-code.ts";
import { PROVINCES } from "../platform/provinces.ts";
import {
  CURSOR_ID,
  cursorCodec,
  firstValue,
  pageCursor,
  pageLimit,
  parseRowId,
  queryText,
} from "../platform/query.ts";
import { isReadableText, normalizeForSearch } from "../platform/text.ts";
import { isShopCategory, SHOP_CATEGORIES, type ShopCategory } from "./categories.ts";
import { SHOP_SEARCH_MAX, type ShopSearchForm } from "./links.ts";
import { ORDER_STATUSES } from "./order-states.ts";
import { MAX_QUANTITY } from "./totals.ts";

const SHOP_PAGE_SIZE = 12;
const SHOP_PAGE_MAX = 50;

export type { ShopSearchForm };

export type ShopCriteria = { title: string; category?: ShopCategory };

/** Where a page of products or orders starts: after this row's id (newest or lowest first). */
export const idCursor = cursorCodec<number>(
  [CURSOR_ID],
  (id) => [id],
  ([id]) => Number(id),
);

const text = queryText(SHOP_SEARCH_MAX, "shop.problems.tooLong");

/** The shop's list query (`?title=&category=&cursor=&limit=`), for the page and the API. */
export const productQuerySchema = z
  .object({
    title: text,
    category: text
      .refine((value) => value === "" || isShopCategory(value), "shop.problems.unknownCategory")
      .meta({ enum: ["", ...SHOP_CATEGORIES] }),
    cursor: pageCursor(idCursor.decode, "shop.problems.invalidCursor"),
    limit: pageLimit(SHOP_PAGE_SIZE, SHOP_PAGE_MAX, "shop.problems.invalidLimit"),
  })
  .transform(({ title, category, cursor, limit }) => ({
    form: { title, category } satisfies ShopSearchForm,
    criteria: {
      title: normalizeForSearch(title),
      category: isShopCategory(category) ? category : undefined,
    } satisfies ShopCriteria,
    afterId: cursor as number | undefined,
    limit,
  }));

/** A product id from an address, or undefined when it cannot name one. */
export const parseProductId = parseRowId;

/** A whole number sent as a form's text or as a JSON number. */
const wholeNumber = (message: "shop.problems.invalidProduct" | "shop.problems.quantityRange") =>
  z.preprocess(
    (value) =>
      typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value,
    z.number(message).int(message),
  );

const productIdField = wholeNumber("shop.problems.invalidProduct").pipe(
  z
    .number()
    .min(1, "shop.problems.invalidProduct")
    .max(999_999_999, "shop.problems.invalidProduct"),
);

const quantityField = wholeNumber("shop.problems.quantityRange").pipe(
  z.number().min(1, "shop.problems.quantityRange").max(MAX_QUANTITY, "shop.problems.quantityRange"),
);

const provinceField = z.enum(PROVINCES, "shop.problems.provinceRequired");

/**
 * Adding to the cart names a product and how many; any price a client sends along is not read
 * (prices are always the server's).
 */
export const addItemSchema = z.object({
  productId: productIdField,
  quantity: quantityField.default(1),
});

export const quantitySchema = z.object({ quantity: quantityField });

export const provinceSchema = z.object({ province: provinceField });

const requiredText = (
  max: number,
  message:
    | "shop.problems.nameRequired"
    | "shop.problems.addressRequired"
    | "shop.problems.cityRequired",
) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, message)
    .refine(isReadableText, "shop.problems.characters");

/** Checkout: who buys and where the order goes; the province is the cart's unless given here. */
export const checkoutSchema = z.object({
  name: requiredText(100, "shop.problems.nameRequired"),
  email: emailField("shop.problems.emailInvalid"),
  address: requiredText(200, "shop.problems.addressRequired"),
  city: requiredText(100, "shop.problems.cityRequired"),
  postalCode: postalCodeField("shop.problems.postalCode"),
  province: provinceField.optional(),
});

export type CheckoutForm = z.infer<typeof checkoutSchema>;

/** The cart page's forms, one per intent; an intent it does not know is refused. */
export const cartFormSchema = z.discriminatedUnion(
  "intent",
  [
    addItemSchema.extend({
      intent: z.literal("add"),
      /** Sent by the page's script: answer with data instead of going to the cart. */
      via: z.literal("fetch").optional(),
    }),
    quantitySchema.extend({ intent: z.literal("quantity"), productId: productIdField }),
    z.object({ intent: z.literal("remove"), productId: productIdField }),
    provinceSchema.extend({ intent: z.literal("province") }),
    checkoutSchema.extend({ intent: z.literal("checkout") }),
  ],
  { error: "errors.unknown_intent" },
);

export type CartForm = z.infer<typeof cartFormSchema>;

const CART_INTENTS = ["add", "quantity", "remove", "province", "checkout"] as const;

/** Which of the page's forms was sent, when it names one, so its problem shows beside it. */
export function cartIntentOf(raw: unknown): CartForm["intent"] | undefined {
  const intent = (raw as { intent?: unknown } | null)?.intent;
  return CART_INTENTS.find((known) => known === intent);
}

/** The product a form was about, so a line's problem shows on that line. */
export function productOf(raw: unknown): number | undefined {
  return parseProductId(
    String(firstValue((raw as { productId?: unknown } | null)?.productId ?? "")),
  );
}

const ORDER_TEXT_MAX = 100;

/** The console's order search (`?q=&status=&cursor=`). */
export const staffOrderQuerySchema = z.object({
  q: queryText(ORDER_TEXT_MAX, "staff.orders.problems.search"),
  status: z.preprocess(
    (value) => firstValue(value) || undefined,
    z.enum(ORDER_STATUSES, "staff.orders.problems.status").optional(),
  ),
  cursor: pageCursor(idCursor.decode, "staff.orders.problems.cursor"),
});

/** A buyer's order list (`?cursor=`). */
export const ordersQuerySchema = z.object({
  cursor: pageCursor(idCursor.decode, "shop.orders.problems.cursor"),
});

const reference = (message: MessageKey) =>
  z.string(message).trim().min(1, message).max(ORDER_TEXT_MAX, message);
const seen = z.enum(ORDER_STATUSES, "errors.conflict");

/**
 * A staff step on an order, one form per step (`intent`), each with the status the member saw
 * (`from`), so that a step taken meanwhile by someone else answers the 409 that names them.
 */
export const orderStepSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("mark_paid"),
      from: seen,
      reference: reference("staff.orders.problems.reference"),
    }),
    z.object({
      intent: z.literal("mark_shipped"),
      from: seen,
      carrier: reference("staff.orders.problems.carrier"),
      trackingNumber: reference("staff.orders.problems.trackingNumber"),
    }),
    z.object({ intent: z.literal("mark_delivered"), from: seen }),
    z.object({ intent: z.literal("cancel"), from: seen }),
    z.object({
      intent: z.literal("refund"),
      from: seen,
      reference: reference("staff.orders.problems.reference"),
    }),
  ],
  { error: "errors.invalid_parameters" },
);

/** An order's status page: `?t=` is the signed link's token from the buyer's e-mail. */
export const orderStatusQuerySchema = z.object({
  t: z.preprocess(firstValue, z.string().max(100).optional()),
});
