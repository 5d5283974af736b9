import { searchBusinesses } from "../../directory/businesses.server.ts";
import { searchQuerySchema } from "../../directory/search.ts";
import { businessPageSchema } from "../../directory/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import type { Route } from "./+types/api.businesses";

export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const { criteria, cursor, limit } = await readInput(request, searchQuerySchema, {
    stripUnsafeText: true,
  });
  return jsonAnswer(
    businessPageSchema,
    await searchBusinesses(context.get(databaseContext), criteria, { limit, cursor }),
  );
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
