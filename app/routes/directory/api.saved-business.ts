import { requireApiViewer } from "../../auth/session.server.ts";
import { saveBusiness, unsaveBusiness } from "../../directory/saved.server.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Route } from "./+types/api.saved-business";

/** PUT saves the business for the player (again: no change), DELETE unsaves it. Both 204. */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") methodNotAllowed("PUT, DELETE");
  const viewer = await requireApiViewer(request, context);
  const id = parseBusinessId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  if (request.method === "PUT") await saveBusiness(db, viewer.id, id);
  else await unsaveBusiness(db, viewer.id, id);
  return new Response(null, { status: 204 });
});
