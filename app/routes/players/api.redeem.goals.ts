import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { redeemGoalsSchema } from "../../players/answers.ts";
import { listGoals } from "../../players/redeem.server.ts";
import type { Route } from "./+types/api.redeem.goals";

/** GET /api/redeem/goals: every goal, cheapest first, named in both languages. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  await requireApiViewer(request, context);
  return jsonAnswer(redeemGoalsSchema, { goals: await listGoals(context.get(databaseContext)) });
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
