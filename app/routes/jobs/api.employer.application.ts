import { getViewer } from "../../auth/session.server.ts";
import { applicationMovedSchema, applicationMoveSchema } from "../../jobs/application-status.ts";
import { requireEmployerMember } from "../../jobs/employers.server.ts";
import { employerOfApplication, moveApplication } from "../../jobs/inbox.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { authContext, baseUrlContext, databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { rowIdOrNotFound } from "../../platform/query.ts";
import type { Route } from "./+types/api.employer.application";

export const loader = apiRoute(() => methodNotAllowed("PATCH"));

/**
 * PATCH /api/employer/applications/{id} `{ status, interviewAt?, from? }`: the inbox form's move,
 * with its schema and rules, for the employer's members and staff; anyone else gets the 404.
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH") methodNotAllowed("PATCH");
  const db = context.get(databaseContext);
  const id = rowIdOrNotFound(params.id);
  const actor = await requireEmployerMember(
    db,
    await getViewer(request, context),
    await employerOfApplication(db, id),
    request,
  );
  const move = await readInput(request, applicationMoveSchema);
  const status = await moveApplication(db, actor, id, move, {
    baseUrl: context.get(baseUrlContext),
    secret: context.get(authContext).options.secret as string,
  });
  return jsonAnswer(applicationMovedSchema, { id, status });
});
