import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { getProduct } from "../../shop/products.server.ts";
import { parseProductId } from "../../shop/schemas.ts";
import { productSchema } from "../../shop/types.ts";
import type { Route } from "./+types/api.product";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const id = parseProductId(params.id);
  if (!id) throw new AppError("not_found");
  return jsonAnswer(productSchema, await getProduct(context.get(databaseContext), id));
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
