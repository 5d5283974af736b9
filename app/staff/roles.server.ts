import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";

/** Every member's role: "player" is everyone who is not staff. */
const SITE_ROLES = ["player", "moderator", "admin"] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/** A member as the roles page and the command line show them. */
export type Member = { id: string; name: string; email: string; handle: string; role: SiteRole };

const memberColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  handle: sql<string>`coalesce(${user.handle}, '')`,
  role: user.role,
};

/** The member with this e-mail address or handle (either, case aside), if any. */
export async function findMember(db: Db | Tx, emailOrHandle: string): Promise<Member | undefined> {
  const wanted = emailOrHandle.trim().toLowerCase().replace(/^@/, "");
  const [found] = await db
    .select(memberColumns)
    .from(user)
    .where(or(eq(sql`lower(${user.email})`, wanted), eq(user.handle, wanted)))
    .limit(1);
  return found;
}

/** Everyone who holds a staff role, admins first, by name (read from the partial index on role). */
export function staffMembers(db: Db | Tx): Promise<Member[]> {
  return db
    .select(memberColumns)
    .from(user)
    .where(ne(user.role, "player"))
    .orderBy(asc(user.role), asc(user.name), asc(user.id));
}

/**
 * Moves a member from the role `seen` to `to` with a conditional UPDATE on the role they held when
 * the change was asked for, so two admins (or an admin and the command line) changing one member
 * at once get one success and a 409 naming who acted first. Returns the audit entry of the change
 * and the member's name.
 * The member's sessions stay: the console reads the role on every request, so a role removed
 * takes effect at their next one.
 */
export async function changeRole(
  tx: Tx,
  member: { id: string; seen: SiteRole },
  to: SiteRole,
): Promise<{ audit: AuditEntry; name: string }> {
  const target = { kind: "user", id: member.id };
  const [changed] = await tx
    .update(user)
    .set({ role: to })
    .where(and(eq(user.id, member.id), eq(user.role, member.seen)))
    .returning({ name: user.name });
  if (!changed) throw await actedFirst(tx, target);
  return {
    audit: { action: "staff.grant", target, before: { role: member.seen }, after: { role: to } },
    name: changed.name,
  };
}
