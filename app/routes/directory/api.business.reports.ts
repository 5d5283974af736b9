import { getViewer } from "../../auth/session.server.ts";
import { reportBusiness } from "../../directory/community.server.ts";
import { reportSchema } from "../../directory/community.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { CLIENT_IP_HEADER } from "../../platform/config.server.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import type { Route } from "./+types/api.business.reports";

export const loader = apiRoute(() => methodNotAllowed("POST"));

/**
 * POST /api/businesses/{id}/reports: a report about the business itself (reason and optional
 * details), from a player or, as for jobs, a visitor. One per reporter and business; a repeat is a
 * 409 `already_reported`.
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const viewer = await getViewer(request, context);
  const clientAddress = request.headers.get(CLIENT_IP_HEADER);
  await takeAttempt(db, "directory-report", viewer?.id ?? clientAddress);
  const report = await readInput(request, reportSchema);
  await reportBusiness(db, businessId, report, { userId: viewer?.id ?? null, clientAddress });
  return new Response(null, { status: 204 });
});
