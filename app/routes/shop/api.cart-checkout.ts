import { getViewer } from "../../auth/session.server.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { CLIENT_IP_HEADER } from "../../platform/config.server.ts";
import { databaseContext, interacEmailContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { assertMayBeSoldTo } from "../../players/identity.ts";
import { openCart } from "../../shop/cart-session.server.ts";
import { placeOrder } from "../../shop/checkout.server.ts";
import { orderLinksOf } from "../../shop/order-links.server.ts";
import { checkoutSchema } from "../../shop/schemas.ts";
import { orderSchema } from "../../shop/types.ts";
import type { Route } from "./+types/api.cart-checkout";

const ALLOW = "POST";

/** GET is not one of this address's methods: 405 with Allow. */
export const loader = apiRoute(() => methodNotAllowed(ALLOW));

/** POST /api/cart/checkout: the cart becomes an order awaiting payment (201). */
export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed(ALLOW);
  assertMayBeSoldTo(await getViewer(request, context));
  const form = await readInput(request, checkoutSchema);
  const opened = await openCart(request, context, { create: false });
  if (!opened.cartId) throw new AppError("conflict", { message: "shop.problems.emptyCart" });
  const order = await placeOrder(
    context.get(databaseContext),
    opened.cartId,
    {
      userId: opened.userId,
      locale: localeFromRequest(request),
      clientAddress: request.headers.get(CLIENT_IP_HEADER),
    },
    form,
    { interacEmail: context.get(interacEmailContext), links: orderLinksOf(context) },
  );
  return jsonAnswer(orderSchema, order, { status: 201, headers: opened.headers });
});
