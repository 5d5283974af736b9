import { callAuth, forwardCookies, requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { deleteAccount, getPrivateProfile, updateSettings } from "../../players/account.server.ts";
import { settingsSchema } from "../../players/schemas.ts";
import type { Route } from "./+types/api.me";

/** GET /api/me: the signed-in player's own record; another player's is never reachable here. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const viewer = await requireApiViewer(request, context);
  return Response.json(await getPrivateProfile(context.get(databaseContext), viewer.id));
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
  return Response.json(await getPrivateProfile(db, viewer.id));
});
