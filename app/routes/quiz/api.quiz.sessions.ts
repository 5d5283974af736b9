import { requireApiViewer, sessionTokenOf } from "../../auth/session.server.ts";
import { type Locale, localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import { type QuizCategory, quizTimerOf } from "../../quiz/categories.ts";
import { startSchema } from "../../quiz/schemas.ts";
import { startOrResume, startOrResumeBySession } from "../../quiz/sessions.server.ts";
import { playStateSchema } from "../../quiz/types.ts";
import type { Route } from "./+types/api.quiz.sessions";

/**
 * POST /api/quiz/sessions starts the category's next set (201), or resumes the player's unfinished
 * session (200): either way, the question to play now. Moving on in a set is this call: the
 * session cookie's session is read in its statement (decision 0068), the usual way otherwise.
 */
export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const token = sessionTokenOf(request, context);
  if (!token) await requireApiViewer(request, context);
  const input = await readInput(request, startSchema);
  const db = context.get(databaseContext);
  const options = { category: input.category, locale: input.locale ?? localeFromRequest(request) };
  const { state, created } =
    (token && (await startOrResumeBySession(db, token, options))) ||
    (await startAsViewer(request, context, options));
  return jsonAnswer(playStateSchema, state, { status: created ? 201 : 200 });
});

/** The usual way: the player from `requireApiViewer`, with their timer. */
async function startAsViewer(
  request: Request,
  context: Route.ActionArgs["context"],
  options: { category: QuizCategory; locale: Locale },
) {
  const viewer = await requireApiViewer(request, context);
  return startOrResume(context.get(databaseContext), viewer.id, {
    ...options,
    timer: quizTimerOf(viewer.quizTimer),
  });
}

export const loader = apiRoute(() => methodNotAllowed("POST"));
