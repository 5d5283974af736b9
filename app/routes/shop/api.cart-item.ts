import { getViewer } from "../../auth/session.server.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { assertMayBeSoldTo } from "../../players/identity.ts";
import { removeFromCart, setQuantity } from "../../shop/cart.server.ts";
import { answerWithCart } from "../../shop/cart-api.server.ts";
import { parseProductId, quantitySchema } from "../../shop/schemas.ts";
import type { Route } from "./+types/api.cart-item";

const ALLOW = "PATCH, DELETE";

/** GET is not one of this address's methods: 405 with Allow. */
export const loader = apiRoute(() => methodNotAllowed(ALLOW));

/** PATCH /api/cart/items/{productId} sets the quantity; DELETE takes the item out. */
export const action = apiRoute(async (args: Route.ActionArgs) => {
  const { request, params, context } = args;
  assertMayBeSoldTo(await getViewer(request, context));
  if (request.method !== "PATCH" && request.method !== "DELETE") methodNotAllowed(ALLOW);
  const productId = parseProductId(params.productId);
  if (!productId) throw new AppError("not_found", { message: "shop.problems.notInCart" });
  const db = context.get(databaseContext);
  if (request.method === "DELETE")
    return answerWithCart(args, (cartId) => removeFromCart(db, cartId, productId), {
      create: false,
    });
  const { quantity } = await readInput(request, quantitySchema);
  return answerWithCart(args, (cartId) => setQuantity(db, cartId, productId, quantity), {
    create: false,
  });
});
