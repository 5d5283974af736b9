import { requireApiViewer } from "../../auth/session.server.ts";
import { listSavedBusinesses } from "../../directory/saved.server.ts";
import { savedBusinessesSchema } from "../../directory/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import type { Route } from "./+types/api.saved-businesses";

/** GET: the player's saved businesses, last saved first. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const viewer = await requireApiViewer(request, context);
  return jsonAnswer(savedBusinessesSchema, {
    items: await listSavedBusinesses(context.get(databaseContext), viewer.id),
  });
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
