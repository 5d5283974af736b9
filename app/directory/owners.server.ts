import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business, businessOwner } from "../db/schema/directory.ts";
import {
  type Actor,
  type AuditedChange,
  auditedWrite,
  clientAddressOf,
} from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import { partyRoleOf, publicIdentities } from "../players/identity.server.ts";

/**
 * Who may manage a listing: one of its owners, or staff (a moderator or an admin with two-factor
 * sign-in on, as the console asks). Staff act on a listing's manage page in their own role, so the
 * audit trail tells an owner's edit from a moderator's.
 */
export type ManagerRole = "owner" | "moderator" | "admin";

/** A player managing one listing: an audit Actor, with the business it acts on. */
export type Manager = Actor & { role: ManagerRole; businessId: number };

/**
 * The role in which `userId` may manage business `businessId`, or undefined: one statement, the
 * ownership checked inside it (DESIGN.md, "ownership inside the query"). A banned player manages
 * nothing. With `lock`, inside a write's transaction, it locks the player's row (FOR SHARE), so an
 * owner removed or a role taken away cannot slip between this check and the write.
 */
export async function managerRoleOf(
  db: Db | Tx,
  businessId: number,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ManagerRole | undefined> {
  const role = await partyRoleOf(
    db,
    userId,
    (playerId) => sql`exists (
      select 1 from ${businessOwner}
      where ${businessOwner.businessId} = ${businessId} and ${businessOwner.userId} = ${playerId})`,
    { lock },
  );
  return role === "member" ? "owner" : role;
}

/**
 * The manager of business `businessId` making this request (the route passes the signed-in
 * viewer), or the site's 404 for everyone else (a visitor, another player): a listing's manage
 * pages do not admit they exist to others.
 */
export async function requireBusinessManager(
  db: Db | Tx,
  viewer: { id: string } | null,
  businessId: number,
  request: Request,
): Promise<Manager> {
  const role = viewer ? await managerRoleOf(db, businessId, viewer.id) : undefined;
  if (!viewer || !role) throw new AppError("not_found");
  return { id: viewer.id, role, businessId, clientAddress: clientAddressOf(request) };
}

/** What an owner's action did: its audit rows (one or more) and what the page shows next. */
export type ManagerChange<T> = AuditedChange<T>;

/**
 * Every write by a listing's manager goes through here: the manager must still manage the
 * listing, and the action's audit rows are written in the same transaction (`auditedWrite`;
 * DESIGN.md: every owner action is in the audit trail).
 */
export function managerWrite<T>(
  db: Db,
  manager: Manager,
  action: (tx: Tx) => Promise<ManagerChange<T>>,
): Promise<T> {
  return auditedWrite(
    db,
    manager,
    (tx) => managerRoleOf(tx, manager.businessId, manager.id, { lock: true }),
    action,
  );
}

/**
 * The owners of a listing, oldest first, as other players see them (their public identity, never
 * their e-mail), for its page ("Claimed" and by whom) and its manage page.
 */
export async function ownersOf(db: Db | Tx, businessId: number) {
  const rows = await db
    .select({ userId: businessOwner.userId, via: businessOwner.via })
    .from(businessOwner)
    .where(eq(businessOwner.businessId, businessId))
    .orderBy(businessOwner.addedAt, businessOwner.userId);
  const identities = await publicIdentities(
    db,
    rows.map((row) => row.userId),
  );
  return rows.flatMap(({ userId, via }) => {
    const identity = identities.get(userId);
    return identity ? [{ id: userId, via, identity }] : [];
  });
}

/** The listing a manager works on: its name for the manage pages' heading, hidden or not. */
export async function managedListing(db: Db | Tx, businessId: number) {
  const [row] = await db
    .select({
      id: business.id,
      name: business.name,
      hidden: sql<boolean>`${business.hiddenAt} is not null`,
    })
    .from(business)
    .where(eq(business.id, businessId));
  if (!row) throw new AppError("not_found");
  return row;
}
