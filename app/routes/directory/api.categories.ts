import { countBusinessesByCategory } from "../../directory/businesses.server.ts";
import { CATEGORIES } from "../../directory/categories.ts";
import { categoryListSchema } from "../../directory/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import type { Route } from "./+types/api.categories";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  const counts = await countBusinessesByCategory(context.get(databaseContext));
  return jsonAnswer(categoryListSchema, {
    items: CATEGORIES.map((category) => ({ ...category, places: counts[category.slug] })),
  });
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
