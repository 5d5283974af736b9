import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { CLIENT_IP_HEADER } from "./config.server.ts";
import { AppError } from "./errors.ts";

/** Who acted, in which capacity, from where: staff, owners, employers and parents alike. */
export type Actor = {
  id: string;
  /** The role the action was taken in ("moderator", "admin", "owner", "employer", "parent"). */
  role: string;
  /** The client address the host put on the request; null outside a request (scripts). */
  clientAddress: string | null;
};

/** The row an action touched. */
export type AuditTarget = { kind: string; id: string | number };

export type AuditEntry = {
  /** `area.verb`, e.g. `order.mark_paid`. */
  action: string;
  target: AuditTarget;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

/** The client address a request came from, for an Actor. */
export function clientAddressOf(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER);
}

/**
 * Writes one row of the audit trail. Call it inside the transaction of the action itself, so the
 * row exists exactly when the action happened.
 */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvent).values({
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    targetKind: entry.target.kind,
    targetId: String(entry.target.id),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    clientAddress: actor.clientAddress,
  });
}

/** What an audited action did: its audit rows (one or more) and what the page shows next. */
export type AuditedChange<T> = { audit: AuditEntry | AuditEntry[]; result: T };

/**
 * Every write by staff, an owner, an employer or a parent goes through here: one transaction that
 * asks `recheck` for the role the actor still holds (it locks their row, so a role taken away
 * cannot slip between the check and the write; undefined is the site's 404), runs the action and
 * writes its audit rows in that role. A failing action leaves no audit row.
 */
export async function auditedWrite<T>(
  db: Db,
  actor: Actor,
  recheck: (tx: Tx) => Promise<string | undefined>,
  action: (tx: Tx) => Promise<AuditedChange<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const role = await recheck(tx);
    if (!role) throw new AppError("not_found");
    const { audit, result } = await action(tx);
    for (const entry of [audit].flat()) await recordAudit(tx, { ...actor, role }, entry);
    return result;
  });
}

/** The latest action on a row: who acted on it last (their display name), and when. */
async function lastAction(
  db: Db | Tx,
  target: AuditTarget,
): Promise<{ actorId: string; name: string; action: string; at: Date } | undefined> {
  const [last] = await db
    .select({
      actorId: auditEvent.actorId,
      name: sql<string>`coalesce(${user.name}, ${auditEvent.actorId})`,
      action: auditEvent.action,
      at: auditEvent.at,
    })
    .from(auditEvent)
    .leftJoin(user, eq(user.id, auditEvent.actorId))
    .where(and(eq(auditEvent.targetKind, target.kind), eq(auditEvent.targetId, String(target.id))))
    .orderBy(desc(auditEvent.at), desc(auditEvent.id))
    .limit(1);
  return last;
}

/**
 * The 409 for a conditional UPDATE that found the row no longer in the state the actor saw:
 * someone else acted first. Its message names who and when, from the audit trail; a row moved by
 * no audited action (a buyer cancelling, a sweep) gets the plain "already done".
 */
export async function actedFirst(db: Db | Tx, target: AuditTarget): Promise<AppError> {
  const last = await lastAction(db, target);
  if (!last) return new AppError("conflict");
  return new AppError("already_handled", {
    values: {
      name: last.name,
      at: last.at.toISOString().slice(0, 16).replace("T", " "),
    },
  });
}
