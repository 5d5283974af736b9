import { getJob } from "../../jobs/jobs.server.ts";
import { parseJobId } from "../../jobs/search.ts";
import { jobDetailSchema } from "../../jobs/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Route } from "./+types/api.job";

/** GET /api/jobs/{id}: one posting, closed ones too (`open: false`); never its contact e-mail. */
export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const id = parseJobId(params.id);
  if (!id) throw new AppError("not_found");
  return jsonAnswer(jobDetailSchema, await getJob(context.get(databaseContext), id));
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
