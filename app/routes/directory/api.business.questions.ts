import { requireApiViewer } from "../../auth/session.server.ts";
import { businessExists } from "../../directory/businesses.server.ts";
import { askQuestion, listQuestions } from "../../directory/community.server.ts";
import { localeSchema, questionPageSchema, questionSchema } from "../../directory/community.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { localeFromRequest } from "../../i18n/locale.ts";
import { apiRoute, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import type { Route } from "./+types/api.business.questions";

/** GET: a page of the business's questions, newest first, with their answers. */
export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const id = parseBusinessId(params.id);
  const db = context.get(databaseContext);
  if (!id || !(await businessExists(db, id))) throw new AppError("not_found");
  return Response.json(await listQuestions(db, id, await readInput(request, questionPageSchema)));
});

const askedQuestion = questionSchema.extend({ locale: localeSchema.optional() });

/** POST: a player's question about the business. */
export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed("GET, HEAD, POST");
  const viewer = await requireApiViewer(request, context);
  const id = parseBusinessId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  await takeAttempt(db, "directory-write", viewer.id);
  const input = await readInput(request, askedQuestion);
  const question = await askQuestion(db, viewer.id, id, {
    question: input.question,
    locale: input.locale ?? localeFromRequest(request),
  });
  return Response.json(question, { status: 201 });
});
