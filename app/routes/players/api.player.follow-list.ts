import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { followListSchema } from "../../players/answers.ts";
import { followList } from "../../players/follows.server.ts";
import { followListApiQuerySchema } from "../../players/leaderboard-query.ts";
import type { Route } from "./+types/api.player.follow-list";

/** GET /api/players/{handle}/followers and …/following: public profiles only, by handle, paged. */
export const loader = apiRoute(async ({ request, context, params }: Route.LoaderArgs) => {
  const viewer = await requireApiViewer(request, context);
  const { cursor } = await readInput(request, followListApiQuerySchema);
  const list = new URL(request.url).pathname.endsWith("/following") ? "following" : "followers";
  const page = await followList(
    context.get(databaseContext),
    viewer.id,
    params.handle,
    list,
    cursor,
  );
  return jsonAnswer(followListSchema, { players: page.players, nextCursor: page.nextCursor });
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
