import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { listPlans } from "../../pricing/plans.server.ts";
import type { Route } from "./+types/api.pricing";

/** GET /api/pricing: every plan with its monthly and annual price in cents CAD, taxes extra. */
export const loader = apiRoute(async ({ context }: Route.LoaderArgs) =>
  Response.json({ items: await listPlans(context.get(databaseContext)) }),
);

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
