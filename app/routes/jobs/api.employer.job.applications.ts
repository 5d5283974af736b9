import { getViewer } from "../../auth/session.server.ts";
import { employerApplicationsSchema } from "../../jobs/application-status.ts";
import { employerHref } from "../../jobs/employer-nav.ts";
import { requireEmployerMember } from "../../jobs/employers.server.ts";
import { employerOfJob, postingApplications } from "../../jobs/inbox.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { rowIdOrNotFound } from "../../platform/query.ts";
import type { Route } from "./+types/api.employer.job.applications";

export const action = apiRoute(() => methodNotAllowed("GET"));

/**
 * GET /api/employer/jobs/{id}/applications: the posting's inbox, as its page shows it, for the
 * employer's members and staff (the session's player); anyone else gets the 404.
 */
export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext);
  const jobId = rowIdOrNotFound(params.id);
  const actor = await requireEmployerMember(
    db,
    await getViewer(request, context),
    await employerOfJob(db, jobId),
    request,
  );
  const { applications } = await postingApplications(db, actor.employerId, jobId);
  const inbox = employerHref(actor.employerId, `jobs/${jobId}/applications`);
  return jsonAnswer(employerApplicationsSchema, {
    applications: applications.map(({ cvBytes: _bytes, ...application }) => ({
      ...application,
      interviewAt: application.interviewAt.map((at) => at.toISOString()),
      createdAt: application.createdAt.toISOString(),
      cvUrl: `${inbox}/${application.id}/cv`,
    })),
  });
});
