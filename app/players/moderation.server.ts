import { and, asc, desc, eq, like, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { banInForce, session, user } from "../db/schema/accounts.ts";
import { redeemGoal, redeemRequest } from "../db/schema/players.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { renamedEmail } from "./emails.server.ts";
import { unusedHandle } from "./identity.server.ts";
import { anonymousHandle } from "./identity.ts";
import type { BanReason } from "./staff-forms.ts";

/**
 * Players found by e-mail (the exact address, any case) or handle (its beginning), at most 20.
 * A search never reveals an e-mail: the list shows handles and names.
 */
export async function findPlayers(db: Db | Tx, query: string) {
  const text = query.trim();
  if (text === "") return [];
  const condition = text.includes("@")
    ? eq(sql`lower(${user.email})`, text.toLowerCase())
    : like(user.handle, `${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`);
  return db
    .select({
      id: user.id,
      handle: user.handle,
      name: user.name,
      role: user.role,
      banned: sql<boolean>`${banInForce}`,
    })
    .from(user)
    .where(condition)
    .orderBy(asc(user.handle))
    .limit(20);
}

/**
 * A player as the console shows them. The e-mail and age only to an admin (`private: true`);
 * never a password or a session.
 */
export async function playerForStaff(
  db: Db | Tx,
  id: string,
  { private: admin }: { private: boolean },
) {
  const [row] = await db
    .select({
      id: user.id,
      handle: user.handle,
      name: user.name,
      role: user.role,
      createdAt: user.createdAt,
      banned: sql<boolean>`${banInForce}`,
      banReason: user.banReason,
      banExpires: user.banExpires,
      email: user.email,
      age: user.age,
    })
    .from(user)
    .where(eq(user.id, id));
  if (!row) throw new AppError("not_found");
  const { email, age, ...shown } = row;
  return { ...shown, private: admin ? { email, age } : null };
}

/**
 * The player's redeem requests: how many, and the latest few; a child's request still awaiting a
 * parent is not staff's yet, so it is left out.
 */
export async function redeemRequestsOf(db: Db | Tx, playerId: string) {
  const staffSees = and(
    eq(redeemRequest.userId, playerId),
    ne(redeemRequest.status, "awaiting_parent"),
  );
  const [count, recent] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int` }).from(redeemRequest).where(staffSees),
    db
      .select({
        id: redeemRequest.id,
        status: redeemRequest.status,
        goal: redeemGoal.name,
        createdAt: redeemRequest.createdAt,
      })
      .from(redeemRequest)
      .innerJoin(redeemGoal, eq(redeemGoal.id, redeemRequest.goalId))
      .where(staffSees)
      .orderBy(desc(redeemRequest.createdAt), desc(redeemRequest.id))
      .limit(5),
  ]);
  return { count: count[0]?.count ?? 0, recent };
}

type Change<T> = { audit: AuditEntry; result: T };

/**
 * Bans a player, in the caller's (staffWrite's) transaction: one conditional UPDATE on a player
 * (never staff: an admin removes the role first) with no ban in force, and every session deleted
 * with it, so the player's next request is signed out. Signing in then says the account is
 * suspended (app/auth/auth.server.ts) until the ban is lifted or `until` passes.
 */
export async function banPlayer(
  tx: Tx,
  id: string,
  ban: { reason: BanReason; details: string; until: Date | null },
): Promise<Change<{ banned: true }>> {
  const target = { kind: "user", id };
  const reason = ban.details ? `${ban.reason}: ${ban.details}` : ban.reason;
  const [banned] = await tx
    .update(user)
    .set({ banned: true, banReason: reason, banExpires: ban.until, updatedAt: sql`now()` })
    .where(and(eq(user.id, id), eq(user.role, "player"), sql`not (${banInForce})`))
    .returning({ id: user.id });
  if (!banned) {
    const [row] = await tx.select({ role: user.role }).from(user).where(eq(user.id, id));
    if (!row) throw new AppError("not_found");
    if (row.role !== "player")
      throw new AppError("forbidden", { message: "staff.players.problems.staffNotBanned" });
    throw await actedFirst(tx, target);
  }
  await tx.delete(session).where(eq(session.userId, id));
  return {
    audit: {
      action: "player.ban",
      target,
      before: { banned: false },
      after: { banned: true, reason, expires: ban.until?.toISOString() ?? null },
      reason,
    },
    result: { banned: true },
  };
}

/** Lifts a ban in force (conditional on it being in force). */
export async function liftBan(tx: Tx, id: string): Promise<Change<{ banned: false }>> {
  const target = { kind: "user", id };
  const [lifted] = await tx
    .update(user)
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: sql`now()` })
    .where(and(eq(user.id, id), sql`${banInForce}`))
    .returning({ id: user.id });
  if (!lifted) {
    const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.id, id));
    if (!row) throw new AppError("not_found");
    throw await actedFirst(tx, target);
  }
  return {
    audit: {
      action: "player.lift_ban",
      target,
      before: { banned: true },
      after: { banned: false },
    },
    result: { banned: false },
  };
}

/** "blue-otter-4821" → "Blue Otter 4821": a display name that says nothing about the player. */
const nameOfWords = (handle: string) =>
  handle
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/**
 * Replaces an offensive display name or handle with one of words (as children's handles are),
 * conditional on the value staff saw, and tells the player by e-mail in their language. The old
 * handle's profile address then finds nobody (404).
 */
export async function replaceIdentity(
  tx: Tx,
  id: string,
  { field, seen }: { field: "name" | "handle"; seen: string },
): Promise<Change<{ value: string }>> {
  const target = { kind: "user", id };
  const value =
    field === "handle" ? await unusedHandle(tx, anonymousHandle) : nameOfWords(anonymousHandle());
  const column = field === "handle" ? user.handle : user.name;
  const [renamed] = await tx
    .update(user)
    .set({ [field]: value, updatedAt: sql`now()` })
    .where(and(eq(user.id, id), eq(column, seen)))
    .returning({ name: user.name, email: user.email, locale: user.locale });
  if (!renamed) {
    const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.id, id));
    if (!row) throw new AppError("not_found");
    throw await actedFirst(tx, target);
  }
  await enqueueEmail(tx, renamedEmail(renamed, { field, value }));
  return {
    audit: {
      action: field === "handle" ? "player.replace_handle" : "player.replace_name",
      target,
      before: { [field]: seen },
      after: { [field]: value },
    },
    result: { value },
  };
}
