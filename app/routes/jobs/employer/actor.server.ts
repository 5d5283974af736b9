import type { RouterContextProvider } from "react-router";
import { getViewer } from "../../../auth/session.server.ts";
import { type EmployerActor, requireEmployerMember } from "../../../jobs/employers.server.ts";
import { databaseContext } from "../../../platform/context.ts";
import { rowIdOrNotFound } from "../../../platform/query.ts";

type Args = { request: Request; params: { id?: string }; context: Readonly<RouterContextProvider> };

/**
 * The member (or staff) acting on the employer of the address `/employers/{id}/manage/…`, checked
 * in every loader and action of its pages; the 404 for everyone else.
 */
export async function employerActorOf({ request, params, context }: Args): Promise<EmployerActor> {
  return requireEmployerMember(
    context.get(databaseContext),
    await getViewer(request, context),
    rowIdOrNotFound(params.id),
    request,
  );
}
