import { and, eq, inArray } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getViewer } from "../auth/session.server.ts";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import type { Actor } from "../platform/audit.server.ts";
import { clientAddressOf } from "../platform/audit.server.ts";
import { databaseContext } from "../platform/context.ts";
import { AppError } from "../platform/errors.ts";
import { rolesFor, type StaffRole } from "./roles.ts";

/** A signed-in staff member acting in the console: an audit Actor with a name to show. */
export type StaffActor = Actor & { role: StaffRole; name: string };

/**
 * The staff member making this request, or the site's 404 for anyone else (a visitor, a player, a
 * moderator on an admin's page): the console does not admit it exists (DESIGN.md). The role is
 * read from the database on every request, so a role removed takes effect at once.
 */
export async function requireStaff(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  needed: StaffRole = "moderator",
): Promise<StaffActor> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const role = await staffRoleOf(db, viewer.id, needed);
  if (!role) throw new AppError("not_found");
  return { id: viewer.id, name: viewer.name, role, clientAddress: clientAddressOf(request) };
}

/**
 * The member's role if it still allows `needed`. Inside a staff write's transaction it locks the
 * member's row (FOR SHARE), so a role cannot be removed between this check and the write: the role
 * is checked inside the transaction that acts (DESIGN.md, "role inside the query").
 */
export async function staffRoleOf(
  db: Db | Tx,
  id: string,
  needed: StaffRole,
  { lock = false }: { lock?: boolean } = {},
): Promise<StaffRole | undefined> {
  const query = db
    .select({ role: user.role })
    .from(user)
    .where(and(eq(user.id, id), inArray(user.role, rolesFor(needed)), eq(user.banned, false)));
  const [row] = await (lock ? query.for("share") : query);
  return row?.role as StaffRole | undefined;
}
