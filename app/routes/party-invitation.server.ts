import type { RouterContextProvider } from "react-router";
import { requireViewer } from "../auth/session.server.ts";
import { clientAddressOf } from "../platform/audit.server.ts";
import { authContext, databaseContext } from "../platform/context.ts";
import { rowIdOrNotFound } from "../platform/query.ts";

/**
 * What an invitation's page and its form (a listing's co-owner, an employer's member), opened from
 * its e-mail, both need: the party in the address (else the 404), the signed-in invitee as an audit
 * actor in `role` (a visitor signs in and comes back), the link's token and the secret that signed
 * it.
 */
export async function invitationRequest(
  {
    request,
    params,
    context,
    url,
  }: {
    request: Request;
    params: { id?: string };
    context: Readonly<RouterContextProvider>;
    url: URL;
  },
  role: string,
) {
  const partyId = rowIdOrNotFound(params.id);
  const viewer = await requireViewer({ request, context, url });
  return {
    db: context.get(databaseContext),
    partyId,
    invitee: { id: viewer.id, role, clientAddress: clientAddressOf(request) },
    token: url.searchParams.get("t") ?? "",
    secret: context.get(authContext).options.secret as string,
  };
}
