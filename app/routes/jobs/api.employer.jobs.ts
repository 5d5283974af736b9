import { requireApiViewer } from "../../auth/session.server.ts";
import { requireEmployerMember } from "../../jobs/employers.server.ts";
import { newPostingRequestSchema } from "../../jobs/posting-schema.ts";
import { createPosting, publishPosting } from "../../jobs/postings.server.ts";
import { employerJobSchema } from "../../jobs/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import type { Route } from "./+types/api.employer.jobs";

export const loader = apiRoute(() => methodNotAllowed("POST"));

/**
 * POST /api/employer/jobs: a posting for an employer the session's player is a member of (or
 * staff), held to the form's schema and rules; a draft, or published when `publish` is true.
 */
export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const db = context.get(databaseContext);
  const { employerId, publish, ...posting } = await readInput(request, newPostingRequestSchema);
  const actor = await requireEmployerMember(db, viewer, employerId, request);
  const id = await createPosting(db, actor, posting);
  const status = publish ? await publishPosting(db, actor, id) : "draft";
  return jsonAnswer(employerJobSchema, { id, status }, { status: 201 });
});
