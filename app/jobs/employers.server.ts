import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { employer, employerMember } from "../db/schema/jobs.ts";
import {
  type Actor,
  type AuditedChange,
  auditedWrite,
  clientAddressOf,
  recordAudit,
} from "../platform/audit.server.ts";
import { saveContentPicture } from "../platform/content-pictures.server.ts";
import { AppError } from "../platform/errors.ts";
import { ImageRejected } from "../platform/images.server.ts";
import type { Storage } from "../platform/storage.server.ts";
import { isAdult, partyRoleOf, publicIdentities } from "../players/identity.server.ts";
import type { EmployerProfile } from "./employer-profile.ts";

/**
 * Who may act for an employer (DESIGN.md, Parties and roles): one of its members, or staff (a
 * moderator or an admin with two-factor sign-in on). Staff act in their own role, so the audit
 * trail tells a member's change from a moderator's.
 */
export type EmployerRole = "employer" | "moderator" | "admin";

/** A player acting for one employer: an audit Actor, with the employer it acts for. */
export type EmployerActor = Actor & { role: EmployerRole; employerId: number };

/**
 * The role in which `userId` may act for employer `employerId`, or undefined: one statement, the
 * membership checked inside it. A banned player acts for nobody. With `lock`, inside a write's
 * transaction, it locks the player's row (FOR SHARE), so a member removed or a role taken away
 * cannot slip between this check and the write.
 */
export async function employerRoleOf(
  db: Db | Tx,
  employerId: number,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<EmployerRole | undefined> {
  const role = await partyRoleOf(
    db,
    userId,
    (playerId) => sql`exists (
      select 1 from ${employerMember}
      where ${employerMember.employerId} = ${employerId} and ${employerMember.userId} = ${playerId})`,
    { lock },
  );
  return role === "member" ? "employer" : role;
}

/**
 * The member (or staff) of employer `employerId` making this request, or the site's 404 for
 * everyone else: an employer's own pages do not admit they exist to others.
 */
export async function requireEmployerMember(
  db: Db | Tx,
  viewer: { id: string } | null,
  employerId: number,
  request: Request,
): Promise<EmployerActor> {
  const role = viewer ? await employerRoleOf(db, employerId, viewer.id) : undefined;
  if (!viewer || !role) throw new AppError("not_found");
  return { id: viewer.id, role, employerId, clientAddress: clientAddressOf(request) };
}

/**
 * Every write for an employer goes through here: the actor must still act for it, and the
 * action's audit rows are written in the same transaction (DESIGN.md: every employer action is in
 * the audit trail).
 */
export function employerWrite<T>(
  db: Db,
  actor: EmployerActor,
  action: (tx: Tx) => Promise<AuditedChange<T>>,
): Promise<T> {
  return auditedWrite(
    db,
    actor,
    (tx) => employerRoleOf(tx, actor.employerId, actor.id, { lock: true }),
    action,
  );
}

/**
 * The employer an actor works for, as its own pages head it: name, whether staff verified it, and
 * their reason when they rejected it (null otherwise).
 */
export async function managedEmployer(db: Db | Tx, employerId: number) {
  const [row] = await db
    .select({
      id: employer.id,
      name: employer.name,
      verified: sql<boolean>`${employer.verifiedAt} is not null`,
      rejectionReason: employer.rejectionReason,
    })
    .from(employer)
    .where(eq(employer.id, employerId));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * An employer's members, oldest first, as other players see them (their public identity, never
 * their e-mail), with how each joined.
 */
export async function membersOf(db: Db | Tx, employerId: number) {
  const rows = await db
    .select({ userId: employerMember.userId, via: employerMember.via })
    .from(employerMember)
    .where(eq(employerMember.employerId, employerId))
    .orderBy(employerMember.addedAt, employerMember.userId);
  const identities = await publicIdentities(
    db,
    rows.map((row) => row.userId),
  );
  return rows.flatMap(({ userId, via }) => {
    const identity = identities.get(userId);
    return identity ? [{ id: userId, via, name: identity.displayName }] : [];
  });
}

/**
 * Stores a logo sent with the profile's form through the image pipeline, or nothing when none was
 * sent; a refused picture is the logo field's problem, shown beside it.
 */
export async function storeLogo(storage: Storage, file: Blob | undefined) {
  if (!file) return undefined;
  try {
    return await saveContentPicture(storage, file, "employerLogo");
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    throw new AppError(error.code, {
      message: error.messageKey,
      problems: [{ field: "logo", message: error.messageKey }],
    });
  }
}

/** The columns a profile's form fills, from its checked input and the logo's stored address. */
function profileColumns(form: EmployerProfile, logo: string | undefined) {
  const { logo: _file, ...rest } = form;
  return { ...rest, ...(logo ? { logo } : {}) };
}

/**
 * An adult player creates an employer profile and becomes its founder member, in one transaction
 * with its audit row (`employer.create`); it waits for staff to verify it. `logo` is the stored
 * logo's address, when one was sent. Returns the employer's id.
 */
export async function createEmployer(
  db: Db,
  founder: Actor,
  form: EmployerProfile,
  logo: string | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await isAdult(tx, founder.id)))
      throw new AppError("forbidden", { message: "employer.new.adultsOnly" });
    const [row] = await tx
      .insert(employer)
      .values(profileColumns(form, logo))
      .returning({ id: employer.id });
    if (!row) throw new AppError("not_found");
    await tx
      .insert(employerMember)
      .values({ employerId: row.id, userId: founder.id, via: "founder" });
    await recordAudit(
      tx,
      { ...founder, role: "employer" },
      {
        action: "employer.create",
        target: { kind: "employer", id: row.id },
        after: profileColumns(form, logo),
      },
    );
    return row.id;
  });
}

/** An employer's profile as its own form shows it (the contact address included). */
export async function employerProfile(db: Db | Tx, employerId: number) {
  const [row] = await db
    .select({
      name: employer.name,
      logo: employer.logo,
      website: employer.website,
      description: employer.description,
      province: employer.province,
      contactEmail: employer.contactEmail,
    })
    .from(employer)
    .where(eq(employer.id, employerId));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * A member (or staff) changes the profile through `employerWrite`: the audit row
 * (`employer.update`) keeps what it was and what it became. A logo not sent keeps the one before;
 * the one replaced is swept with other unused content pictures.
 */
export async function updateEmployer(
  db: Db,
  actor: EmployerActor,
  form: EmployerProfile,
  logo: string | undefined,
): Promise<void> {
  await employerWrite(db, actor, async (tx) => {
    const before = await employerProfile(tx, actor.employerId);
    const columns = profileColumns(form, logo);
    await tx.update(employer).set(columns).where(eq(employer.id, actor.employerId));
    return {
      audit: {
        action: "employer.update",
        target: { kind: "employer", id: actor.employerId },
        before,
        after: { ...before, ...columns },
      },
      result: undefined,
    };
  });
}

/** The employers player `userId` is a member of, by name: where "Post a job" leads them. */
export async function employersOf(db: Db | Tx, userId: string) {
  return db
    .select({ id: employer.id, name: employer.name })
    .from(employer)
    .innerJoin(
      employerMember,
      and(eq(employerMember.employerId, employer.id), eq(employerMember.userId, userId)),
    )
    .orderBy(employer.name, employer.id);
}
