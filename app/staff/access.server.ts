import { and, eq, inArray } from "drizzle-orm";
import { type RouterContextProvider, redirect } from "react-router";
import { getViewer } from "../auth/session.server.ts";
import type { Db, Tx } from "../db/client.server.ts";
import { session, user } from "../db/schema/accounts.ts";
import { localeFromPath, localizedPath } from "../i18n/locale.ts";
import type { Actor } from "../platform/audit.server.ts";
import { clientAddressOf } from "../platform/audit.server.ts";
import { databaseContext } from "../platform/context.ts";
import { AppError } from "../platform/errors.ts";
import { hasRole, rolesFor, type StaffRole } from "./roles.ts";

/** A signed-in staff member acting in the console: an audit Actor with a name to show. */
export type StaffActor = Actor & { role: StaffRole; name: string };

/**
 * How long a staff member's session lasts from its sign-in (issue 25). A database trigger keeps
 * such a session from being extended past it (migration "staff_session_lifetime"); this refuses
 * one that began before its owner became staff.
 */
const STAFF_SESSION_HOURS = 12;

/** The console's own page for turning on two-factor sign-in, the one page it opens without it. */
const TWO_FACTOR_SETUP_PATH = "/staff/two-factor";

export type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The staff member making this request, or the site's 404 for anyone else (a visitor, a player, a
 * moderator on an admin's page): the console does not admit it exists (DESIGN.md). The role is
 * read from the database once on every request, so a role removed takes effect at once. A member who
 * has not turned on two-factor sign-in is sent to set it up first.
 */
export async function requireStaff(
  args: RequestArgs,
  needed: StaffRole = "moderator",
): Promise<StaffActor> {
  const { actor, twoFactorEnabled } = await requireStaffSettingUp(args, needed);
  if (!twoFactorEnabled) {
    throw redirect(localizedPath(TWO_FACTOR_SETUP_PATH, localeOf(args.request)));
  }
  return actor;
}

/**
 * `requireStaff` without the two-factor requirement, for the set-up page and the console's frame
 * around it: the member, and whether two-factor sign-in is on. A session older than
 * STAFF_SESSION_HOURS ends here, and the member signs in again.
 */
export async function requireStaffSettingUp(
  { request, context }: RequestArgs,
  needed: StaffRole = "moderator",
): Promise<{ actor: StaffActor; twoFactorEnabled: boolean }> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw new AppError("not_found");
  // The role, two-factor and ban come with the session's one statement (getViewer), read on
  // every request: a role removed or a ban takes effect at once.
  if (viewer.banned || !hasRole(viewer.role, needed)) throw new AppError("not_found");
  const db = context.get(databaseContext);
  if (Date.now() - viewer.signedInAt.getTime() > STAFF_SESSION_HOURS * 60 * 60 * 1000) {
    await db.delete(session).where(eq(session.id, viewer.sessionId));
    const locale = localeOf(request);
    const back = new URLSearchParams({ redirectTo: localizedPath("/staff", locale) });
    throw redirect(`${localizedPath("/login", locale)}?${back}`);
  }
  return {
    actor: {
      id: viewer.id,
      name: viewer.name,
      role: viewer.role as StaffRole,
      clientAddress: clientAddressOf(request),
    },
    twoFactorEnabled: viewer.twoFactorEnabled,
  };
}

/** The member `id`, while they hold a role that allows `needed` and are not banned. */
const holdsRole = (id: string, needed: StaffRole) =>
  and(eq(user.id, id), inArray(user.role, rolesFor(needed)), eq(user.banned, false));

const localeOf = (request: Request) => localeFromPath(new URL(request.url).pathname);

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
  const query = db.select({ role: user.role }).from(user).where(holdsRole(id, needed));
  const [row] = await (lock ? query.for("share") : query);
  return row?.role as StaffRole | undefined;
}
