import { parseBusinessId } from "../../directory/search.ts";
import { byPerson, countStat, statTargetHref } from "../../directory/stats.server.ts";
import { STAT_TARGETS, type StatTarget } from "../../directory/stats.ts";
import { databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Route } from "./+types/go";

/**
 * A listing's website, phone or directions link, counted on the way: a 302 to the listing's own
 * target only (never an address the request names), so it works without JavaScript and is no open
 * redirect. A robot is sent on without being counted.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const businessId = parseBusinessId(params.id);
  const target = params.target;
  if (!businessId || !Object.hasOwn(STAT_TARGETS, target)) throw new AppError("not_found");
  const kind = STAT_TARGETS[target as StatTarget];
  const db = context.get(databaseContext);
  const href = await statTargetHref(db, businessId, target as StatTarget);
  // A HEAD is a link checker's, not a click.
  if (request.method === "GET" && byPerson(request)) await countStat(db, businessId, kind);
  return new Response(null, {
    status: 302,
    // Every click comes back here to be counted; search engines index the target, not this.
    headers: { Location: href, "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
