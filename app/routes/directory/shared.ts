import { businessExists } from "../../directory/businesses.server.ts";
import { parseBusinessId } from "../../directory/search.ts";
import { byPerson, countStat } from "../../directory/stats.server.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Route } from "./+types/shared";

/** Only the share control's POST: an address a visitor may see in its tools, not a page. */
export function loader(): never {
  throw new AppError("method_not_allowed", { allow: "POST" });
}

/**
 * The share control's count: it posts here once the visitor shared the listing or copied its
 * link. No body, nothing about who; a robot's post is answered the same and not counted.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const businessId = parseBusinessId(params.id);
  const db = context.get(databaseContext);
  if (!businessId || !(await businessExists(db, businessId))) throw new AppError("not_found");
  if (byPerson(request)) await countStat(db, businessId, "shares");
  return new Response(null, { status: 204 });
}
