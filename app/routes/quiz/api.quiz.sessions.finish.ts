import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext, quizDailyCapContext } from "../../platform/context.ts";
import { parseSessionId } from "../../quiz/schemas.ts";
import { finishSession } from "../../quiz/sessions.server.ts";
import { setResultsSchema } from "../../quiz/types.ts";
import type { Route } from "./+types/api.quiz.sessions.finish";

/** POST /api/quiz/sessions/{id}/finish: the set's results, credited once however often it is sent. */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const sessionId = parseSessionId(params.id);
  const db = context.get(databaseContext);
  return jsonAnswer(
    setResultsSchema,
    await finishSession(db, viewer.id, sessionId, context.get(quizDailyCapContext)),
  );
});

export const loader = apiRoute(() => methodNotAllowed("POST"));
