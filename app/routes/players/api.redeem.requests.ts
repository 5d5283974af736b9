import { requireApiViewer } from "../../auth/session.server.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput, validate } from "../../platform/input.server.ts";
import { redeemRequestsSchema, redeemRequestViewSchema } from "../../players/answers.ts";
import { listRequests, redeemGoalFor } from "../../players/redeem.server.ts";
import { idempotencyKeyField, redeemRequestSchema } from "../../players/redeem-form.ts";
import type { Route } from "./+types/api.redeem.requests";

/** GET /api/redeem/requests: the caller's own requests, newest first, with their status. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const viewer = await requireApiViewer(request, context);
  return jsonAnswer(redeemRequestsSchema, {
    requests: await listRequests(context.get(databaseContext), viewer.id),
  });
});

/**
 * POST /api/redeem/requests with an Idempotency-Key header: 201 with the new request, or 200 with
 * the request that key already made (nothing charged again); 409 when the balance is too low.
 */
export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("GET, HEAD, POST");
  const viewer = await requireApiViewer(request, context);
  const header = request.headers.get("idempotency-key");
  if (header === null)
    throw new AppError("invalid_parameters", {
      problems: [{ field: "Idempotency-Key", message: "redeem.problems.idempotencyKey" }],
    });
  const key = await validate(idempotencyKeyField, header);
  const form = await readInput(request, redeemRequestSchema);
  const { request: made, created } = await redeemGoalFor(
    context.get(databaseContext),
    { id: viewer.id, locale: localeFromRequest(request) },
    form,
    key,
    { baseUrl: context.get(baseUrlContext) },
  );
  return jsonAnswer(redeemRequestViewSchema, made, { status: created ? 201 : 200 });
});
