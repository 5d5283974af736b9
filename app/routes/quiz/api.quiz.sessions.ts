import { requireApiViewer } from "../../auth/session.server.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { quizTimerOf } from "../../quiz/categories.ts";
import { startSchema } from "../../quiz/schemas.ts";
import { startOrResume } from "../../quiz/sessions.server.ts";
import { playStateSchema } from "../../quiz/types.ts";
import type { Route } from "./+types/api.quiz.sessions";

/**
 * POST /api/quiz/sessions starts the category's next set (201), or resumes the player's unfinished
 * session (200): either way, the question to play now.
 */
export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const input = await readInput(request, startSchema);
  const db = context.get(databaseContext);
  const { state, created } = await startOrResume(db, viewer.id, {
    category: input.category,
    locale: input.locale ?? localeFromRequest(request),
    timer: quizTimerOf(viewer.quizTimer),
  });
  return jsonAnswer(playStateSchema, state, { status: created ? 201 : 200 });
});

export const loader = apiRoute(() => methodNotAllowed("POST"));
