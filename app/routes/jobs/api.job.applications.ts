import { getViewer } from "../../auth/session.server.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { applicationSchemaFor } from "../../jobs/application.ts";
import { applyToJob } from "../../jobs/applications.server.ts";
import { questionsOf } from "../../jobs/screening.server.ts";
import { parseJobId } from "../../jobs/search.ts";
import { jobApplicationSchema } from "../../jobs/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { CLIENT_IP_HEADER } from "../../platform/config.server.ts";
import {
  authContext,
  baseUrlContext,
  databaseContext,
  storageContext,
} from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import type { Route } from "./+types/api.job.applications";

/** The CV's own problems answer with the status a file body would get (as PUT /api/me/avatar). */
const RESUME_STATUS = {
  "jobs.problems.resumeNotPdf": "unsupported_media_type",
  "jobs.problems.resumeTooLarge": "payload_too_large",
} as const;

export const loader = apiRoute(() => methodNotAllowed("POST"));

/**
 * POST /api/jobs/{id}/applications (multipart): the Apply form's fields, the CV and an answer to
 * each of the posting's screening questions ("answers.0", ...). The
 * confirmation goes out in the request's language (Accept-Language).
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "apply", request.headers.get(CLIENT_IP_HEADER));
  const questions = await questionsOf(db, id);
  const application = await readInput(request, applicationSchemaFor(questions)).catch(
    (error: unknown) => {
      const problems = error instanceof AppError ? (error.options.problems ?? []) : [];
      const [only] = problems;
      const code =
        problems.length === 1 && only?.field === "resume"
          ? RESUME_STATUS[only.message as keyof typeof RESUME_STATUS]
          : undefined;
      throw code ? new AppError(code, { ...(error as AppError).options }) : error;
    },
  );
  const viewer = await getViewer(request, context);
  const created = await applyToJob(db, context.get(storageContext), {
    jobId: id,
    application,
    questions,
    locale: localeFromRequest(request),
    userId: viewer?.id ?? null,
    baseUrl: context.get(baseUrlContext),
    secret: context.get(authContext).options.secret as string,
  });
  return jsonAnswer(jobApplicationSchema, created, { status: 201 });
});
