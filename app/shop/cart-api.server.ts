import type { RouterContextProvider } from "react-router";
import { jsonAnswer } from "../platform/api.ts";
import { databaseContext } from "../platform/context.ts";
import { AppError } from "../platform/errors.ts";
import { readCart } from "./cart.server.ts";
import { openCart } from "./cart-session.server.ts";
import { cartSchema } from "./types.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * Runs a change on the request's cart for the JSON API, then answers with the whole cart (the
 * server's prices and totals) and any cart cookie set on the way.
 */
export async function answerWithCart(
  { request, context }: Args,
  change: (cartId: string) => Promise<unknown>,
  options: { create: boolean; status?: number },
): Promise<Response> {
  const opened = await openCart(request, context, { create: options.create });
  if (!opened.cartId) throw new AppError("not_found", { message: "shop.problems.notInCart" });
  await change(opened.cartId);
  const cart = await readCart(context.get(databaseContext), opened.cartId);
  return jsonAnswer(cartSchema, cart, { status: options.status ?? 200, headers: opened.headers });
}
