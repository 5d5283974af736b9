import { requireApiViewer } from "../../auth/session.server.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { quizTimerOf } from "../../quiz/categories.ts";
import { parseSessionId, practiceSchema } from "../../quiz/schemas.ts";
import { startPractice } from "../../quiz/sessions.server.ts";
import { playStateSchema } from "../../quiz/types.ts";
import type { Route } from "./+types/api.quiz.sessions.practice";

/**
 * POST /api/quiz/sessions/{id}/practice plays a finished set again for practice (201): scored, but
 * crediting nothing. An unfinished session resumes instead (200), as starting does.
 */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const sessionId = parseSessionId(params.id);
  const input = await readInput(request, practiceSchema);
  const db = context.get(databaseContext);
  const { state, created } = await startPractice(db, viewer.id, sessionId, {
    locale: input.locale ?? localeFromRequest(request),
    timer: quizTimerOf(viewer.quizTimer),
  });
  return jsonAnswer(playStateSchema, state, { status: created ? 201 : 200 });
});

export const loader = apiRoute(() => methodNotAllowed("POST"));
