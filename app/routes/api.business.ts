import { getBusiness } from "../directory/businesses.server.ts";
import { parseBusinessId } from "../directory/search.ts";
import { apiError, methodNotAllowed } from "../platform/api.ts";
import { databaseContext } from "../platform/context.ts";
import type { Route } from "./+types/api.business";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseBusinessId(params.id);
  const business = id ? await getBusiness(context.get(databaseContext), id) : null;
  if (!business) return apiError("not_found", `No business has the id '${params.id}'.`);
  return Response.json(business);
}

export const action = () => methodNotAllowed();
