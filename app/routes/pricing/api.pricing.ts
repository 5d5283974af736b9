import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { listPlans } from "../../pricing/plans.server.ts";
import { planListSchema } from "../../pricing/types.ts";
import type { Route } from "./+types/api.pricing";

/** GET /api/pricing: every plan with its monthly and annual price in cents CAD, taxes extra. */
export const loader = apiRoute(async ({ context }: Route.LoaderArgs) =>
  jsonAnswer(planListSchema, { items: await listPlans(context.get(databaseContext)) }),
);

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
