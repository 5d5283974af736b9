import { requireApiViewer } from "../../auth/session.server.ts";
import { businessExists } from "../../directory/businesses.server.ts";
import { askQuestion, listQuestions } from "../../directory/community.server.ts";
import {
  apiQuestionSchema,
  questionListSchema,
  questionPageSchema,
} from "../../directory/community.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { createdId } from "../../platform/wire.ts";
import type { Route } from "./+types/api.business.questions";

/** GET: a page of the business's questions, newest first, with their answers. */
export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const id = parseBusinessId(params.id);
  const db = context.get(databaseContext);
  if (!id || !(await businessExists(db, id))) throw new AppError("not_found");
  const page = await readInput(request, questionPageSchema);
  return jsonAnswer(questionListSchema, await listQuestions(db, id, page));
});

/** POST: a player's question about the business. */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("GET, HEAD, POST");
  const viewer = await requireApiViewer(request, context);
  const id = parseBusinessId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "directory-write", viewer.id);
  const input = await readInput(request, apiQuestionSchema);
  const question = await askQuestion(db, viewer.id, id, {
    question: input.question,
    locale: input.locale ?? localeFromRequest(request),
  });
  return jsonAnswer(createdId, question, { status: 201 });
});
