import type { RouterContextProvider } from "react-router";
import { getViewer } from "../../../auth/session.server.ts";
import { type Manager, requireBusinessManager } from "../../../directory/owners.server.ts";
import { parseBusinessId } from "../../../directory/search.ts";
import { databaseContext } from "../../../platform/context.ts";
import { AppError } from "../../../platform/errors.ts";

/**
 * The manager of the listing at this manage page's address (`:id`), checked by each page's loader
 * and action, or the site's 404 (a layout's loader does not guard its children's actions).
 */
export async function managerOfPage({
  request,
  params,
  context,
}: {
  request: Request;
  params: { id: string };
  context: Readonly<RouterContextProvider>;
}): Promise<Manager> {
  const businessId = parseBusinessId(params.id);
  if (!businessId) throw new AppError("not_found");
  const db = context.get(databaseContext);
  return requireBusinessManager(db, await getViewer(request, context), businessId, request);
}
