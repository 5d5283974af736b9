import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { leaderboardSchema } from "../../players/answers.ts";
import { leaderboardPage, ownStanding } from "../../players/leaderboard.server.ts";
import { leaderboardApiQuerySchema } from "../../players/leaderboard-query.ts";
import type { Route } from "./+types/api.leaderboard";

/** GET /api/leaderboard?page=N: 50 players a page, public fields only, and the caller's rank. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const viewer = await requireApiViewer(request, context);
  const db = context.get(databaseContext);
  const { page } = await readInput(request, leaderboardApiQuerySchema);
  const [board, me] = await Promise.all([leaderboardPage(db, page), ownStanding(db, viewer)]);
  return jsonAnswer(leaderboardSchema, { ...board, me: me ?? null });
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
