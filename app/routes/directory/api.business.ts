import { getBusiness } from "../../directory/businesses.server.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { businessDetailSchema } from "../../directory/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Route } from "./+types/api.business";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const id = parseBusinessId(params.id);
  if (!id) throw new AppError("not_found");
  return jsonAnswer(businessDetailSchema, await getBusiness(context.get(databaseContext), id));
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
