import { LIMITS } from "../platform/limits.ts";
import {
  type ApiArea,
  errorResponse,
  jsonResponse,
  PUBLIC,
  queryParameters,
  SESSION_OPTIONAL,
  schemaRef,
  sharedResponse,
} from "../platform/openapi.ts";
import {
  addItemSchema,
  checkoutSchema,
  productQuerySchema,
  provinceSchema,
  quantitySchema,
} from "./schemas.ts";
import { cartSchema, orderSchema, productPageSchema, productSchema } from "./types.ts";

const TAG = "Shop";

const json = (schema: string) => ({ "application/json": { schema: schemaRef(schema) } });

const cartAnswer = (description: string) =>
  jsonResponse(
    `${description}. A visitor's first change also sets the cart cookie \`nearby_cart\`.`,
    "Cart",
  );

/** The cart is not for children (decision 0062): a player under 14 signed in gets 403. */
const crossSiteOrChild = errorResponse(
  "A request from another site, or a player under 14 signed in: the shop is not for children",
  ["cross_site", "not_for_sale"],
);

const cartCookieNote =
  "A visitor's cart is named by the signed, httpOnly cookie `nearby_cart`, set by the first change; a signed-in player's is their account's, and a visitor's cart joins it on the first request after signing in. Prices are always the server's: none sent by a client is read.";

const productId = {
  name: "productId",
  in: "path" as const,
  required: true,
  schema: { type: "integer", minimum: 1 },
  description: "The product's id",
};

/** The shop's part of the API document: products, the cart and checkout. */
export const shopApi: ApiArea = {
  tag: { name: TAG, description: `Products, the cart and orders. ${cartCookieNote}` },
  schemas: {
    Product: productSchema,
    ProductPage: productPageSchema,
    Cart: cartSchema,
    Order: orderSchema,
    AddToCart: addItemSchema,
    CartQuantity: quantitySchema,
    CartProvince: provinceSchema,
    Checkout: checkoutSchema,
  },
  paths: {
    "/api/products": {
      get: {
        operationId: "searchProducts",
        tags: [TAG],
        security: PUBLIC,
        summary: "Search products",
        description:
          "Products whose name (in either language, ignoring case and accents) contains the title, in a category, in the shop's order. Follow `nextCursor` for the next page.",
        parameters: queryParameters(productQuerySchema, {
          title: "Part of the name",
          category: "One category; all when absent or empty",
          limit: "How many products the page holds",
          cursor: "The nextCursor of the previous page; any other value is a 400",
        }),
        responses: {
          "200": jsonResponse("One page of products", "ProductPage"),
          "400": errorResponse("A parameter is wrong; `details` names each", [
            "invalid_parameters",
          ]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/products/{id}": {
      get: {
        operationId: "getProduct",
        tags: [TAG],
        security: PUBLIC,
        summary: "One product",
        description: "The product with its prices and what is left in stock.",
        parameters: [{ ...productId, name: "id" }],
        responses: {
          "200": jsonResponse("The product", "Product"),
          "404": errorResponse("No product has this id", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/cart": {
      get: {
        operationId: "getCart",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "The cart",
        description: `The request's cart with the server's prices and totals; empty when there is none. ${cartCookieNote}`,
        responses: {
          "200": jsonResponse("The cart", "Cart"),
          "403": crossSiteOrChild,
          "500": sharedResponse("InternalError"),
        },
      },
      patch: {
        operationId: "setCartProvince",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "Set the province",
        description:
          "The province or territory the order goes to, which decides the sales tax (2026 rates).",
        requestBody: { required: true, content: json("CartProvince") },
        responses: {
          "200": cartAnswer("The cart with its taxes"),
          "400": errorResponse("Not a province or territory code", [
            "invalid_parameters",
            "invalid_json",
          ]),
          "403": crossSiteOrChild,
          "500": sharedResponse("InternalError"),
        },
      },
      delete: {
        operationId: "emptyCart",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "Empty the cart",
        description: "Takes every item out of the cart.",
        responses: {
          "204": { description: "The cart is empty" },
          "403": crossSiteOrChild,
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/cart/items": {
      post: {
        operationId: "addToCart",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "Add an item",
        description:
          "Adds a quantity (1 by default) of a product to what the cart holds: at most 10 of one item, and no more than the stock. Any price in the body is ignored.",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: schemaRef("AddToCart"),
              example: { productId: 7, quantity: 2 },
            },
          },
        },
        responses: {
          "201": cartAnswer("The cart with the item"),
          "400": errorResponse("No product id, or a quantity outside 1–10", [
            "invalid_parameters",
            "invalid_json",
          ]),
          "403": crossSiteOrChild,
          "404": errorResponse("No product has this id", ["not_found"]),
          "409": errorResponse("Sold out, more than the stock, or more than 10 of one item", [
            "conflict",
          ]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/cart/items/{productId}": {
      patch: {
        operationId: "setCartQuantity",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "Change a quantity",
        description: "Sets how many of the item the cart holds: 1 to 10, within the stock.",
        parameters: [productId],
        requestBody: { required: true, content: json("CartQuantity") },
        responses: {
          "200": cartAnswer("The cart"),
          "400": errorResponse("A quantity outside 1–10", ["invalid_parameters", "invalid_json"]),
          "403": crossSiteOrChild,
          "404": errorResponse("The item is not in the cart, or there is no cart", ["not_found"]),
          "409": errorResponse("More than the stock", ["conflict"]),
          "500": sharedResponse("InternalError"),
        },
      },
      delete: {
        operationId: "removeFromCart",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "Remove an item",
        description:
          "Takes the item out of the cart; taking out what is not there changes nothing.",
        parameters: [productId],
        responses: {
          "200": cartAnswer("The cart"),
          "403": crossSiteOrChild,
          "404": errorResponse("There is no cart", ["not_found"]),
          "500": sharedResponse("InternalError"),
        },
      },
    },
    "/api/cart/checkout": {
      post: {
        operationId: "checkout",
        tags: [TAG],
        security: SESSION_OPTIONAL,
        summary: "Place the order",
        description:
          "Turns the cart into an order awaiting payment at the server's current prices (nothing is charged online: the buyer pays by Interac e-Transfer, and the confirmation e-mail says where to send it, how much, and to put the order number in its message), takes the items out of stock at once, empties the cart and e-mails that confirmation with the order number, totals and a signed link to the order's status page. An order still unpaid after 48 hours (the server's UNPAID_ORDER_HOURS) is cancelled, its items go back in stock and the buyer is told by e-mail. The province is the cart's unless given here; the postal code must be in it. When another buyer took the last of an item first, nothing changes and the answer is 409.",
        requestBody: { required: true, content: json("Checkout") },
        responses: {
          "201": jsonResponse("The order", "Order"),
          "400": errorResponse(
            "A field is missing or wrong, no province, or a postal code outside the province",
            ["invalid_parameters", "invalid_json"],
          ),
          "403": crossSiteOrChild,
          "409": errorResponse("The cart is empty, or an item sold out or is short in stock", [
            "conflict",
          ]),
          "429": errorResponse(
            `More than ${LIMITS.checkout.max} orders an hour from this client address, or ${LIMITS["checkout-to"].max} to this e-mail address; try again after \`Retry-After\` seconds`,
            ["too_many_requests"],
            {
              "Retry-After": {
                description: "Seconds to wait before trying again",
                schema: { type: "integer", minimum: 1 },
              },
            },
          ),
          "500": sharedResponse("InternalError"),
        },
      },
    },
  },
};
