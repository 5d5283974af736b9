import { searchBusinesses } from "../directory/businesses.server.ts";
import { parseSearch, type SearchProblem } from "../directory/search.ts";
import { apiError, methodNotAllowed } from "../platform/api.ts";
import { databaseContext } from "../platform/context.ts";
import type { Route } from "./+types/api.businesses";

const PROBLEM_MESSAGES: Record<string, string> = {
  too_long: "must be at most 100 characters",
  unknown_category: "must be 'All Categories' or one of the names or slugs from /api/categories",
  invalid_cursor: "must be a nextCursor value returned by this endpoint",
  invalid_limit: "must be a whole number from 1 to 50",
};

function describe(problems: SearchProblem[]): string {
  return problems.map((problem) => `${problem.field} ${PROBLEM_MESSAGES[problem.code]}`).join("; ");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseSearch(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid_parameters", describe(parsed.problems), parsed.problems);
  const { criteria, cursor, limit } = parsed.search;
  return Response.json(
    await searchBusinesses(context.get(databaseContext), criteria, { limit, cursor }),
  );
}

export const action = () => methodNotAllowed();
