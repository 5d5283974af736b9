import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { listedPlayer, user } from "../db/schema/accounts.ts";
import type { Locale } from "../i18n/locale.ts";
import { AppError } from "../platform/errors.ts";
import { PUBLIC_PROFILE_MIN_AGE, type PublicIdentity, publicIdentity } from "./identity.ts";

/**
 * The public identities of the given players, for other areas to show authors (reviews, questions)
 * without reading the accounts table themselves. Unknown ids are absent from the map, and so are
 * children waiting for a parent's consent: nothing about them is shown (decision 0064).
 */
export async function publicIdentities(
  db: Db | Tx,
  playerIds: readonly string[],
): Promise<Map<string, PublicIdentity>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: user.id,
      handle: user.handle,
      name: user.name,
      image: user.image,
      profilePublic: user.profilePublic,
    })
    .from(user)
    .where(and(inArray(user.id, ids), listedPlayer));
  return new Map(rows.map(({ id, ...player }) => [id, publicIdentity(player)]));
}

/**
 * Where to tell a player about something another did (an owner's reply to their review): their
 * address, name and language, or undefined when they turned e-mail notifications off in their
 * settings (the site's rule for notifications) or the account is gone.
 */
export async function notificationContact(
  db: Db | Tx,
  playerId: string,
): Promise<{ email: string; name: string; locale: Locale } | undefined> {
  const [row] = await db
    .select({ email: user.email, name: user.name, locale: user.locale })
    .from(user)
    .where(and(eq(user.id, playerId), eq(user.notification, true)));
  return row;
}

/**
 * Whether an address is a child's account (under 14): no marketing or opt-in mail goes to it
 * (issue 28), only the consent flow and the child's own account mail.
 */
export async function isChildAddress(db: Db | Tx, email: string): Promise<boolean> {
  const [child] = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        sql`lower(${user.email}) = lower(${email})`,
        sql`${user.age} < ${PUBLIC_PROFILE_MIN_AGE}`,
      ),
    );
  return child !== undefined;
}

/** A handle no player has yet, from `candidate` (tried again on the rare clash). */
export async function unusedHandle(db: Db | Tx, candidate: () => string): Promise<string> {
  for (;;) {
    const handle = candidate();
    const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.handle, handle));
    if (!taken) return handle;
  }
}

/** The capacity a player acts in for another area's party: its member, or staff. */
export type PartyRole = "member" | "moderator" | "admin";

/**
 * The role in which player `id` acts for a party another area keeps (a listing's owners, an
 * employer's members, a child's parents): "member" when `isMember` (that area's own condition on
 * the player's id, an EXISTS on its table) holds, else their staff role when they are staff with
 * two-factor sign-in on, as the console asks; undefined for anyone else and for a banned player.
 * One statement, so the check is inside the query (DESIGN.md). With `lock`, inside a write's
 * transaction, the player's row is locked (FOR SHARE) until it commits.
 */
export async function partyRoleOf(
  db: Db | Tx,
  id: string,
  isMember: (playerId: SQL) => SQL,
  { lock = false, staff = true }: { lock?: boolean; staff?: boolean } = {},
): Promise<PartyRole | undefined> {
  const member = isMember(sql`${user.id}`);
  const isStaff = staff ? sql`(${user.role} <> 'player' and ${user.twoFactorEnabled})` : sql`false`;
  const query = db
    .select({ role: sql<PartyRole>`case when ${member} then 'member' else ${user.role} end` })
    .from(user)
    .where(and(eq(user.id, id), eq(user.banned, false), or(member, isStaff)));
  const [row] = await (lock ? query.for("share") : query);
  return row?.role;
}

/**
 * What another area needs to write to a player and to know they are an adult (a listing's owners
 * must be): their address, name, language and the age they gave (null when none was given). A
 * banned player is absent. Never shown to other players.
 */
export async function playerContact(
  db: Db | Tx,
  id: string,
): Promise<{ email: string; name: string; locale: Locale; age: number | null } | undefined> {
  const [row] = await db
    .select({ email: user.email, name: user.name, locale: user.locale, age: user.age })
    .from(user)
    .where(and(eq(user.id, id), eq(user.banned, false)));
  return row;
}

/**
 * Refuses (403, "A parent must consent first…") what a child waiting for a parent's consent may
 * not do: write reviews, questions or answers, follow, ask to redeem (decision 0064). The one check
 * every such action calls, in its own transaction when it has one.
 */
export async function assertMayTakePart(db: Db | Tx, playerId: string): Promise<void> {
  const [listed] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, playerId), listedPlayer));
  if (!listed) throw new AppError("forbidden", { message: "errors.consent_needed" });
}

/** The age from which a player may own a listing or act for an employer. */
const ADULT_AGE = 18;

/**
 * Whether player `userId` is an adult: a listing's owners (issue 26) and an employer's members
 * (issue 27) must be. A player without an age given is not one.
 */
export async function isAdult(db: Db | Tx, userId: string): Promise<boolean> {
  return ((await playerContact(db, userId))?.age ?? 0) >= ADULT_AGE;
}

/**
 * Why player `userId` may not accept an invitation sent to an address (a listing's co-owner, an
 * employer's member), or undefined when they may: used or expired, a minor (or no age given), or
 * signed in with another address than the one invited.
 */
export async function inviteeProblem(
  db: Db | Tx,
  invite: { email: string; expiresAt: Date; acceptedAt: Date | null },
  userId: string,
  now: Date,
) {
  if (invite.acceptedAt) return "used" as const;
  if (invite.expiresAt <= now) return "expired" as const;
  const player = await playerContact(db, userId);
  if (!player || player.age == null || player.age < ADULT_AGE) return "adultsOnly" as const;
  if (player.email.toLowerCase() !== invite.email.toLowerCase()) return "otherAddress" as const;
  return undefined;
}
