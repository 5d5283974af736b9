import { getViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { assertMayBeSoldTo } from "../../players/identity.ts";
import { emptyTheCart, readCart, setProvince } from "../../shop/cart.server.ts";
import { answerWithCart } from "../../shop/cart-api.server.ts";
import { openCart } from "../../shop/cart-session.server.ts";
import { provinceSchema } from "../../shop/schemas.ts";
import { cartSchema } from "../../shop/types.ts";
import type { Route } from "./+types/api.cart";

/** GET /api/cart: the request's cart (a visitor's by its cookie, a player's by the session). */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  assertMayBeSoldTo(await getViewer(request, context));
  const opened = await openCart(request, context, { create: false });
  const cart = await readCart(context.get(databaseContext), opened.cartId);
  return jsonAnswer(cartSchema, cart, { headers: opened.headers });
});

/** PATCH /api/cart sets the province (the tax); DELETE /api/cart empties the cart. */
export const action = apiRoute(async (args: Route.ActionArgs) => {
  const { request, context } = args;
  assertMayBeSoldTo(await getViewer(request, context));
  const db = context.get(databaseContext);
  if (request.method === "PATCH") {
    const { province } = await readInput(request, provinceSchema);
    return answerWithCart(args, (cartId) => setProvince(db, cartId, province), { create: true });
  }
  if (request.method === "DELETE") {
    const opened = await openCart(request, context, { create: false });
    if (opened.cartId) await emptyTheCart(db, opened.cartId);
    return new Response(null, { status: 204, headers: opened.headers });
  }
  return methodNotAllowed("GET, HEAD, PATCH, DELETE");
});
