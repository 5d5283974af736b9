import { getViewer, requireApiViewer } from "../../auth/session.server.ts";
import { businessExists } from "../../directory/businesses.server.ts";
import { listReviews, writeReview } from "../../directory/community.server.ts";
import { localeSchema, reviewPageSchema, reviewSchema } from "../../directory/community.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import type { Route } from "./+types/api.business.reviews";

/** GET: a page of the business's reviews (`sort`, `cursor`), the same the page shows. */
export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const id = parseBusinessId(params.id);
  const db = context.get(databaseContext);
  if (!id || !(await businessExists(db, id))) throw new AppError("not_found");
  const page = await readInput(request, reviewPageSchema);
  const viewer = await getViewer(request, context);
  return Response.json(await listReviews(db, id, page, viewer?.id));
});

const writtenReview = reviewSchema.extend({ locale: localeSchema.optional() });

/** POST: the player's one review of the business (409 when they already wrote it). */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("GET, HEAD, POST");
  const viewer = await requireApiViewer(request, context);
  const id = parseBusinessId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "directory-write", viewer.id);
  const input = await readInput(request, writtenReview);
  const { id: reviewId } = await writeReview(db, viewer.id, id, {
    ...input,
    locale: input.locale ?? localeFromRequest(request),
  });
  return Response.json({ id: reviewId }, { status: 201 });
});
