import { requireApiViewer } from "../../auth/session.server.ts";
import { answerQuestion } from "../../directory/community.server.ts";
import { apiAnswerSchema, itemId } from "../../directory/community.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { createdId } from "../../platform/wire.ts";
import type { Route } from "./+types/api.question.answers";

/** POST: a player's answer to a community question. */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const parsed = itemId.safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "directory-write", viewer.id);
  const input = await readInput(request, apiAnswerSchema);
  const { id } = await answerQuestion(db, viewer.id, parsed.data, {
    answer: input.answer,
    locale: input.locale ?? localeFromRequest(request),
  });
  return jsonAnswer(createdId, { id }, { status: 201 });
});
