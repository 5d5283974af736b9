import { getViewer, requireApiViewer } from "../../auth/session.server.ts";
import { businessExists } from "../../directory/businesses.server.ts";
import { listReviews, writeReview } from "../../directory/community.server.ts";
import { apiReviewSchema, reviewListSchema, reviewPageSchema } from "../../directory/community.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { createdId } from "../../platform/wire.ts";
import type { Route } from "./+types/api.business.reviews";

/** GET: a page of the business's reviews (`sort`, `cursor`), the same the page shows. */
export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const id = parseBusinessId(params.id);
  const db = context.get(databaseContext);
  if (!id || !(await businessExists(db, id))) throw new AppError("not_found");
  const page = await readInput(request, reviewPageSchema);
  const viewer = await getViewer(request, context);
  return jsonAnswer(reviewListSchema, await listReviews(db, id, page, viewer?.id));
});

/** POST: the player's one review of the business (409 when they already wrote it). */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("GET, HEAD, POST");
  const viewer = await requireApiViewer(request, context);
  const id = parseBusinessId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "directory-write", viewer.id);
  const input = await readInput(request, apiReviewSchema);
  const { id: reviewId } = await writeReview(db, viewer.id, id, {
    ...input,
    locale: input.locale ?? localeFromRequest(request),
  });
  return jsonAnswer(createdId, { id: reviewId }, { status: 201 });
});
