import { requireApiViewer } from "../../auth/session.server.ts";
import { deleteReview, updateReview } from "../../directory/community.server.ts";
import { apiReviewSchema, itemId } from "../../directory/community.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import type { Route } from "./+types/api.review";

/**
 * PATCH changes the player's own review (rating and text together), DELETE removes it. Another
 * player's review, like a missing one, is a 404.
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") methodNotAllowed("PATCH, DELETE");
  const viewer = await requireApiViewer(request, context);
  const parsed = itemId.safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found");
  const db = context.get(databaseContext);
  if (request.method === "DELETE") {
    await deleteReview(db, viewer.id, parsed.data);
    return new Response(null, { status: 204 });
  }
  await takeAttempt(db, "directory-write", viewer.id);
  const input = await readInput(request, apiReviewSchema);
  await updateReview(db, viewer.id, parsed.data, {
    ...input,
    locale: input.locale ?? localeFromRequest(request),
  });
  return new Response(null, { status: 204 });
});
