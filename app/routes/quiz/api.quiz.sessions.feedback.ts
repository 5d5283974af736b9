import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { feedbackSchema, parseSessionId } from "../../quiz/schemas.ts";
import { saveFeedback } from "../../quiz/sessions.server.ts";
import type { Route } from "./+types/api.quiz.sessions.feedback";

/** POST /api/quiz/sessions/{id}/feedback: the results dialog's feedback, one per finished set. */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const sessionId = parseSessionId(params.id);
  const { text } = await readInput(request, feedbackSchema);
  await saveFeedback(context.get(databaseContext), viewer.id, sessionId, text);
  return new Response(null, { status: 204 });
});

export const loader = apiRoute(() => methodNotAllowed("POST"));
