import { requireApiViewer, sessionTokenOf } from "../../auth/session.server.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { answerSchema, parseSessionId } from "../../quiz/schemas.ts";
import { answerBySession, answerQuestion } from "../../quiz/sessions.server.ts";
import { playStateSchema } from "../../quiz/types.ts";
import type { Route } from "./+types/api.quiz.sessions.answers";

/**
 * POST /api/quiz/sessions/{id}/answers: the answer to the current question, final. The quiz's most
 * frequent call (a second per player): the session cookie's session is read in the answer's own
 * statement, one round trip (decision 0068); anything else (a session due for its daily
 * extension, none, another player's quiz session) takes the usual way, which answers it.
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const token = sessionTokenOf(request, context);
  if (!token) await requireApiViewer(request, context);
  const sessionId = parseSessionId(params.id);
  const answer = await readInput(request, answerSchema);
  const db = context.get(databaseContext);
  const state =
    (token && (await answerBySession(db, token, sessionId, answer))) ||
    (await answerQuestion(db, (await requireApiViewer(request, context)).id, sessionId, answer));
  return jsonAnswer(playStateSchema, state);
});

export const loader = apiRoute(() => methodNotAllowed("POST"));
