import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { readBytes } from "../../platform/input.server.ts";
import { replaceAvatar } from "../../players/account.server.ts";
import { avatarSchema } from "../../players/answers.ts";
import type { Route } from "./+types/api.me.avatar";

const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "application/octet-stream"];

export const loader = apiRoute(() => methodNotAllowed("PUT"));

/**
 * PUT /api/me/avatar with the picture's bytes as the body; answers the new picture's address. The
 * bytes are the input here: the picture's own checks (images.server.ts) refuse anything else.
 */
export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") methodNotAllowed("PUT");
  const viewer = await requireApiViewer(request, context);
  const image = await replaceAvatar(
    context.get(databaseContext),
    context.get(storageContext),
    viewer.id,
    await readBytes(request, PICTURE_TYPES),
  );
  return jsonAnswer(avatarSchema, { image });
});
