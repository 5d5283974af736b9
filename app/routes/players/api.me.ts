import { callAuth, forwardCookies, requireApiViewer } from "../../auth/session.server.ts";
import type { Db } from "../../db/client.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { deleteAccount, getPrivateProfile, updateSettings } from "../../players/account.server.ts";
import { privateProfileSchema } from "../../players/answers.ts";
import { settingsSchema } from "../../players/schemas.ts";
import type { Route } from "./+types/api.me";

/** The session player's record; a player deleted meanwhile is no longer signed in. */
async function ownProfile(db: Db, playerId: string) {
  const profile = await getPrivateProfile(db, playerId);
  if (!profile) throw new AppError("unauthorized");
  return jsonAnswer(privateProfileSchema, profile);
}

/** GET /api/me: the signed-in player's own record; another player's is never reachable here. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const viewer = await requireApiViewer(request, context);
  return ownProfile(context.get(databaseContext), viewer.id);
});

/** PATCH /api/me changes name, age or settings; DELETE /api/me deletes the account and its data. */
export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH" && request.method !== "DELETE")
    methodNotAllowed("GET, HEAD, PATCH, DELETE");
  const viewer = await requireApiViewer(request, context);
  const db = context.get(databaseContext);
  if (request.method === "DELETE") {
    const signOut = await callAuth(request, context, "/sign-out", {});
    await deleteAccount(db, context.get(storageContext), viewer.id);
    return new Response(null, { status: 204, headers: forwardCookies(signOut) });
  }
  await updateSettings(db, viewer.id, await readInput(request, settingsSchema));
  return ownProfile(db, viewer.id);
});
