import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { getPrivateProfile } from "../../players/account.server.ts";
import { publicProfileSchema } from "../../players/answers.ts";
import { publicProfile } from "../../players/follows.server.ts";
import { achievementsFor } from "../../players/tiers.ts";
import type { Route } from "./+types/api.player";

/**
 * GET /api/players/{handle}: a public profile's view (403 for a private one, 404 for no one). The
 * caller's own handle answers their own profile in the same public shape.
 */
export const loader = apiRoute(async ({ request, context, params }: Route.LoaderArgs) => {
  const viewer = await requireApiViewer(request, context);
  const db = context.get(databaseContext);
  const view = await publicProfile(db, viewer.id, params.handle);
  if (!view.own) return jsonAnswer(publicProfileSchema, view.profile);
  const own = await getPrivateProfile(db, viewer.id);
  return jsonAnswer(publicProfileSchema, {
    handle: own.handle,
    displayName: own.name,
    image: own.image,
    profilePublic: own.profilePublic,
    playerType: own.playerType,
    points: own.balance,
    playMatch: own.playMatch,
    followers: own.followers,
    following: own.following,
    followedByMe: false,
    completedSets: own.completedSets,
    achievements: achievementsFor(own.points),
  });
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
