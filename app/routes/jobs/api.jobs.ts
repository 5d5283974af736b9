import { searchJobs } from "../../jobs/jobs.server.ts";
import { jobSearchSchema } from "../../jobs/search.ts";
import { jobPageSchema } from "../../jobs/types.ts";
import { apiRoute, jsonAnswer, methodNotAllowed } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { readInput } from "../../platform/input.server.ts";
import type { Route } from "./+types/api.jobs";

/** GET /api/jobs: the list's filters and paging, as the /jobs page reads them. */
export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const { criteria, page } = await readInput(request, jobSearchSchema, { stripUnsafeText: true });
  return jsonAnswer(jobPageSchema, await searchJobs(context.get(databaseContext), criteria, page));
});

export const action = apiRoute(() => methodNotAllowed("GET, HEAD"));
