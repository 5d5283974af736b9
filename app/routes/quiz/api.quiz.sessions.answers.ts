import { requireApiViewer } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { answerSchema, parseSessionId } from "../../quiz/schemas.ts";
import { answerQuestion } from "../../quiz/sessions.server.ts";
import { playStateSchema } from "../../quiz/types.ts";
import type { Route } from "./+types/api.quiz.sessions.answers";

/** POST /api/quiz/sessions/{id}/answers: the answer to the current question, final. */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const sessionId = parseSessionId(params.id);
  const answer = await readInput(request, answerSchema);
  return jsonAnswer(
    playStateSchema,
    await answerQuestion(context.get(databaseContext), viewer.id, sessionId, answer),
  );
});

export const loader = apiRoute(() => methodNotAllowed("POST"));
