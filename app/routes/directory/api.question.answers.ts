import { requireApiViewer } from "../../auth/session.server.ts";
import { answerQuestion } from "../../directory/community.server.ts";
import { answerSchema, itemId, localeSchema } from "../../directory/community.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import type { Route } from "./+types/api.question.answers";

const givenAnswer = answerSchema.extend({ locale: localeSchema.optional() });

/** POST: a player's answer to a community question. */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("POST");
  const viewer = await requireApiViewer(request, context);
  const parsed = itemId.safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "directory-write", viewer.id);
  const input = await readInput(request, givenAnswer);
  const { id } = await answerQuestion(db, viewer.id, parsed.data, {
    answer: input.answer,
    locale: input.locale ?? localeFromRequest(request),
  });
  return Response.json({ id }, { status: 201 });
});
