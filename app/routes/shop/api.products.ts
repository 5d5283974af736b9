import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { searchProducts } from "../../shop/products.server.ts";
import { productQuerySchema } from "../../shop/schemas.ts";
import { productPageSchema } from "../../shop/types.ts";
import type { Route } from "./+types/api.products";

/** GET /api/products: the shop's items, filtered by name and category, a page at a time. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const { criteria, afterId, limit } = await readInput(request, productQuerySchema, {
    stripUnsafeText: true,
  });
  return jsonAnswer(
    productPageSchema,
    await searchProducts(context.get(databaseContext), criteria, { limit, afterId }),
  );
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
