import { and, asc, eq, gt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { pointsLedger, redeemGoal, redeemRequest } from "../db/schema/players.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { assertMove } from "../platform/state-machine.ts";
import { redeemDecisionEmail } from "./emails.server.ts";
import { REDEEM_MOVES } from "./redeem-states.ts";

/** Where a list of pending requests stopped: the last one's time and id. */
export type RedeemPosition = { at: Date; id: number };

/** Pending requests, oldest first, strictly after `after`, from the partial index on pending. */
export async function pendingRedeemRequests(
  db: Db | Tx,
  { after, limit }: { after: RedeemPosition | null; limit: number },
) {
  return db
    .select({
      id: redeemRequest.id,
      createdAt: redeemRequest.createdAt,
      cost: redeemRequest.cost,
      goal: redeemGoal.name,
      handle: user.handle,
    })
    .from(redeemRequest)
    .innerJoin(redeemGoal, eq(redeemGoal.id, redeemRequest.goalId))
    .innerJoin(user, eq(user.id, redeemRequest.userId))
    .where(
      and(
        eq(redeemRequest.status, "pending"),
        after
          ? or(
              gt(redeemRequest.createdAt, after.at),
              and(eq(redeemRequest.createdAt, after.at), gt(redeemRequest.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(redeemRequest.createdAt), asc(redeemRequest.id))
    .limit(limit);
}

export const pendingRedeemRequestsCount: SQL<number> = sql<number>`(select count(*)::integer
  from ${redeemRequest} where ${eq(redeemRequest.status, "pending")})`;

/**
 * One request as staff see it: the goal, the cost, the contact details the player gave. A child's
 * request still awaiting a parent is not staff's yet: the site's 404.
 */
export async function redeemRequestForStaff(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: redeemRequest.id,
      status: redeemRequest.status,
      cost: redeemRequest.cost,
      name: redeemRequest.name,
      email: redeemRequest.email,
      phone: redeemRequest.phone,
      note: redeemRequest.note,
      createdAt: redeemRequest.createdAt,
      decidedAt: redeemRequest.decidedAt,
      goal: redeemGoal.name,
      player: { id: user.id, handle: user.handle, locale: user.locale },
    })
    .from(redeemRequest)
    .innerJoin(redeemGoal, eq(redeemGoal.id, redeemRequest.goalId))
    .innerJoin(user, eq(user.id, redeemRequest.userId))
    .where(and(eq(redeemRequest.id, id), ne(redeemRequest.status, "awaiting_parent")));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * A declined request's cost goes back to the player, in the declining transaction: usesPoints
 * lowered and a ledger row whose source `redeem-decline:<id>` is unique, so the points come back
 * once whoever declines (staff or a parent).
 */
export async function giveBackRedeemPoints(
  tx: Tx,
  id: number,
  request: { cost: number; userId: string },
): Promise<void> {
  const [returned] = await tx
    .update(user)
    .set({ usesPoints: sql`${user.usesPoints} - ${request.cost}` })
    .where(and(eq(user.id, request.userId), sql`${user.usesPoints} >= ${request.cost}`))
    .returning({ id: user.id });
  if (!returned) throw new Error(`redeem request ${id}: its cost is not in the player's uses`);
  await tx.insert(pointsLedger).values({
    userId: request.userId,
    change: request.cost,
    reason: "redeem_declined",
    source: `redeem-decline:${id}`,
  });
}

export type RedeemDecision = { to: "fulfilled"; note: string } | { to: "declined"; reason: string };

/**
 * Staff fulfil or decline a pending request, in the caller's (staffWrite's) transaction: one
 * conditional UPDATE on status = 'pending', so of two staff (or twenty declines) exactly one moves
 * it and the others get the 409 naming who acted first. A decline gives the cost back in the same
 * transaction (giveBackRedeemPoints). The player is e-mailed in their language.
 */
export async function decideRedeemRequest(
  tx: Tx,
  id: number,
  decision: RedeemDecision,
): Promise<{ audit: AuditEntry; result: { status: RedeemDecision["to"] } }> {
  const target = { kind: "redeem_request", id };
  const seen = await redeemRequestForStaff(tx, id);
  if (seen.status !== "pending") throw await actedFirst(tx, target);
  assertMove(REDEEM_MOVES, seen.status, decision.to);
  const text = decision.to === "fulfilled" ? decision.note : decision.reason;
  const [moved] = await tx
    .update(redeemRequest)
    .set({ status: decision.to, note: text, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(redeemRequest.id, id), eq(redeemRequest.status, "pending")))
    .returning({ cost: redeemRequest.cost, userId: redeemRequest.userId });
  if (!moved) throw await actedFirst(tx, target);
  if (decision.to === "declined") await giveBackRedeemPoints(tx, id, moved);
  await enqueueEmail(
    tx,
    redeemDecisionEmail({ ...seen, status: decision.to, note: text }, seen.player.locale),
  );
  return {
    audit: {
      action: decision.to === "fulfilled" ? "redeem.fulfil" : "redeem.decline",
      target,
      before: { status: "pending" },
      after: { status: decision.to, note: text },
      reason: decision.to === "declined" ? decision.reason : null,
    },
    result: { status: decision.to },
  };
}
