import { getViewer } from "../../auth/session.server.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { assertMayBeSoldTo } from "../../players/identity.ts";
import { addToCart, assertAddable } from "../../shop/cart.server.ts";
import { answerWithCart } from "../../shop/cart-api.server.ts";
import { addItemSchema } from "../../shop/schemas.ts";
import type { Route } from "./+types/api.cart-items";

const ALLOW = "POST";

/** GET is not one of this address's methods: 405 with Allow. */
export const loader = apiRoute(() => methodNotAllowed(ALLOW));

/** POST /api/cart/items adds an item; a price sent with it is not read. */
export const action = apiRoute(async (args: Route.ActionArgs) => {
  if (args.request.method !== "POST") methodNotAllowed(ALLOW);
  assertMayBeSoldTo(await getViewer(args.request, args.context));
  const { productId, quantity } = await readInput(args.request, addItemSchema);
  const db = args.context.get(databaseContext);
  await assertAddable(db, productId, quantity);
  return answerWithCart(args, (cartId) => addToCart(db, cartId, productId, quantity), {
    create: true,
    status: 201,
  });
});
