import { requireApiViewer } from "../../auth/session.server.ts";
import { requireEmployerMember } from "../../jobs/employers.server.ts";
import { postingPatchSchema } from "../../jobs/posting-schema.ts";
import { employerOfPosting, patchPosting } from "../../jobs/postings.server.ts";
import { employerJobSchema } from "../../jobs/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { rowIdOrNotFound } from "../../platform/query.ts";
import type { Route } from "./+types/api.employer.job";

export const loader = apiRoute(() => methodNotAllowed("PATCH"));

/**
 * PATCH /api/employer/jobs/{id}: edits and moves a posting of an employer the session's player is
 * a member of (or staff); anyone else's, or none, is the 404.
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH") methodNotAllowed("PATCH");
  const viewer = await requireApiViewer(request, context);
  const db = context.get(databaseContext);
  const id = rowIdOrNotFound(params.id);
  const actor = await requireEmployerMember(db, viewer, await employerOfPosting(db, id), request);
  const status = await patchPosting(db, actor, id, await readInput(request, postingPatchSchema));
  return jsonAnswer(employerJobSchema, { id, status });
});
