import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { SETS_PER_CATEGORY } from "../../quiz/categories.ts";
import { listCategories } from "../../quiz/sessions.server.ts";
import { categoryListSchema } from "../../quiz/types.ts";
import type { Route } from "./+types/api.quiz.categories";

/** GET /api/quiz/categories: the nine categories with the signed-in player's progress. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const viewer = await requireApiViewer(request, context);
  const items = await listCategories(context.get(databaseContext), viewer.id);
  return jsonAnswer(categoryListSchema, {
    items: items.map((item) => ({ ...item, totalSets: SETS_PER_CATEGORY })),
  });
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
