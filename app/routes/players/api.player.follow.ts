import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { followStateSchema } from "../../players/answers.ts";
import { followPlayer, unfollowPlayer } from "../../players/follows.server.ts";
import type { Route } from "./+types/api.player.follow";

/**
 * PUT /api/players/{handle}/follow follows (again: still one follow), DELETE unfollows; both
 * answer the follow state and the player's follower count.
 */
export const action = apiRoute(async ({ request, context, params }: Route.ActionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") methodNotAllowed("PUT, DELETE");
  const viewer = await requireApiViewer(request, context);
  const db = context.get(databaseContext);
  const state =
    request.method === "PUT"
      ? await followPlayer(db, viewer.id, params.handle)
      : await unfollowPlayer(db, viewer.id, params.handle);
  return jsonAnswer(followStateSchema, state);
});

export const loader = apiRoute(() => methodNotAllowed("PUT, DELETE"));
