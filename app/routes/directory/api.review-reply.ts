import { requireApiViewer } from "../../auth/session.server.ts";
import { apiReplySchema, itemId } from "../../directory/community.ts";
import { requireBusinessManager } from "../../directory/owners.server.ts";
import {
  businessOfReview,
  deleteReply,
  updateReply,
  writeReply,
} from "../../directory/replies.server.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { AppError, isAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { createdId } from "../../platform/wire.ts";
import type { Route } from "./+types/api.review-reply";

/**
 * PUT sets the listing's reply to the review (201 when it is the first, which e-mails the
 * reviewer; 204 when it changes the one there), DELETE removes it. Only the listing's owners and
 * staff: everyone else, like a missing review, gets the 404.
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") methodNotAllowed("PUT, DELETE");
  const viewer = await requireApiViewer(request, context);
  const parsed = itemId.safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found");
  const reviewId = parsed.data;
  const db = context.get(databaseContext);
  const businessId = await businessOfReview(db, reviewId);
  const manager = await requireBusinessManager(db, viewer, businessId, request);
  if (request.method === "DELETE") {
    await deleteReply(db, manager, reviewId);
    return new Response(null, { status: 204 });
  }
  await takeAttempt(db, "directory-write", manager.id);
  const input = await readInput(request, apiReplySchema);
  const reply = { body: input.body, locale: input.locale ?? localeFromRequest(request) };
  try {
    const { id } = await writeReply(db, manager, reviewId, reply, {
      baseUrl: context.get(baseUrlContext),
    });
    return jsonAnswer(createdId, { id }, { status: 201 });
  } catch (error) {
    // The review has its reply already: a PUT replaces it.
    if (!isAppError(error) || error.code !== "conflict") throw error;
    await updateReply(db, manager, reviewId, reply);
    return new Response(null, { status: 204 });
  }
});
