import { and, asc, desc, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import {
  type PlanRequestStatus,
  planRequest,
  planRequestNote,
  pricingPlan,
} from "../db/schema/pricing.ts";
import { businessForClaim, openListingClaim } from "../directory/lookup.server.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import { assertMove } from "../platform/state-machine.ts";
import { PLAN_REQUEST_MOVES } from "./request-states.ts";

/** The states staff still work on: the queue and the console's list show these. */
const OPEN: PlanRequestStatus[] = ["new", "contacted"];

/** Where a list of open requests stopped: the last one's time and id. */
export type PlanRequestPosition = { at: Date; id: number };

/** Open requests (new or contacted), oldest first, strictly after `after` (partial index). */
export async function openPlanRequests(
  db: Db | Tx,
  { after, limit }: { after: PlanRequestPosition | null; limit: number },
) {
  return db
    .select({
      id: planRequest.id,
      createdAt: planRequest.createdAt,
      status: planRequest.status,
      businessName: planRequest.businessName,
      plan: pricingPlan.name,
    })
    .from(planRequest)
    .innerJoin(pricingPlan, eq(pricingPlan.id, planRequest.planId))
    .where(
      and(
        inArray(planRequest.status, OPEN),
        after
          ? or(
              gt(planRequest.createdAt, after.at),
              and(eq(planRequest.createdAt, after.at), gt(planRequest.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(planRequest.createdAt), asc(planRequest.id))
    .limit(limit);
}

export const openPlanRequestsCount: SQL<number> = sql<number>`(select count(*)::integer
  from ${planRequest} where ${inArray(planRequest.status, OPEN)})`;

/** One request with its notes (oldest first) and the listing it asks to claim. */
export async function planRequestForStaff(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: planRequest.id,
      status: planRequest.status,
      billing: planRequest.billing,
      priceCents: planRequest.priceCents,
      businessName: planRequest.businessName,
      contactName: planRequest.contactName,
      email: planRequest.email,
      phone: planRequest.phone,
      province: planRequest.province,
      claimBusinessId: planRequest.claimBusinessId,
      userId: planRequest.userId,
      createdAt: planRequest.createdAt,
      plan: pricingPlan.name,
    })
    .from(planRequest)
    .innerJoin(pricingPlan, eq(pricingPlan.id, planRequest.planId))
    .where(eq(planRequest.id, id));
  if (!row) throw new AppError("not_found");
  const [notes, claim] = await Promise.all([
    db
      .select({
        id: planRequestNote.id,
        authorId: planRequestNote.authorId,
        body: planRequestNote.body,
        createdAt: planRequestNote.createdAt,
      })
      .from(planRequestNote)
      .where(eq(planRequestNote.requestId, id))
      .orderBy(asc(planRequestNote.createdAt), asc(planRequestNote.id)),
    row.claimBusinessId === null ? null : businessForClaim(db, row.claimBusinessId),
  ]);
  return { ...row, notes, claim };
}

/** A player's plan requests (those sent while signed in): how many, and the latest few. */
export async function planRequestsOf(db: Db | Tx, userId: string) {
  const [count, recent] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(planRequest)
      .where(eq(planRequest.userId, userId)),
    db
      .select({
        id: planRequest.id,
        status: planRequest.status,
        businessName: planRequest.businessName,
        createdAt: planRequest.createdAt,
      })
      .from(planRequest)
      .where(eq(planRequest.userId, userId))
      .orderBy(desc(planRequest.createdAt), desc(planRequest.id))
      .limit(5),
  ]);
  return { count: count[0]?.count ?? 0, recent };
}

async function addNote(tx: Tx, requestId: number, authorId: string, body: string) {
  await tx.insert(planRequestNote).values({ requestId, authorId, body });
}

/**
 * Moves a plan request from the state staff saw (`from`) to `to`, in the caller's (staffWrite's)
 * transaction: a move the table does not allow is a 409; the conditional UPDATE on `from` makes a
 * lost race the 409 naming who acted first. A note, when given, is added with it. Won, for a
 * request that names a listing, opens a claim of that listing for the requester in the same
 * transaction (its own audit row).
 */
export async function movePlanRequest(
  tx: Tx,
  id: number,
  move: { from: PlanRequestStatus; to: PlanRequestStatus; note: string; authorId: string },
): Promise<{ audit: AuditEntry[]; result: { claimId: number | null } }> {
  const target = { kind: "plan_request", id };
  assertMove(PLAN_REQUEST_MOVES, move.from, move.to);
  const [moved] = await tx
    .update(planRequest)
    .set({ status: move.to, updatedAt: sql`now()` })
    .where(and(eq(planRequest.id, id), eq(planRequest.status, move.from)))
    .returning({
      claimBusinessId: planRequest.claimBusinessId,
      userId: planRequest.userId,
      email: planRequest.email,
    });
  if (!moved) {
    const [row] = await tx
      .select({ id: planRequest.id })
      .from(planRequest)
      .where(eq(planRequest.id, id));
    if (!row) throw new AppError("not_found");
    throw await actedFirst(tx, target);
  }
  if (move.note) await addNote(tx, id, move.authorId, move.note);
  const claimId =
    move.to === "won" && moved.claimBusinessId !== null
      ? await openListingClaim(tx, {
          businessId: moved.claimBusinessId,
          requesterId: moved.userId,
          contactEmail: moved.email,
          planRequestId: id,
        })
      : null;
  const verb = { new: "reopen", contacted: "contact", won: "win", lost: "lose" }[move.to];
  const audit: AuditEntry[] = [
    {
      action: `plan_request.${verb}`,
      target,
      before: { status: move.from },
      after: { status: move.to, ...(move.note ? { note: move.note } : {}) },
    },
  ];
  if (claimId !== null)
    audit.push({
      action: "business_claim.open",
      target: { kind: "business_claim", id: claimId },
      after: { status: "open", source: "plan_request", planRequest: id },
    });
  return { audit, result: { claimId } };
}

/** A note on a plan request, without changing its state. */
export async function notePlanRequest(
  tx: Tx,
  id: number,
  note: { body: string; authorId: string },
): Promise<{ audit: AuditEntry; result: null }> {
  const [row] = await tx
    .select({ id: planRequest.id })
    .from(planRequest)
    .where(eq(planRequest.id, id));
  if (!row) throw new AppError("not_found");
  await addNote(tx, id, note.authorId, note.body);
  return {
    audit: {
      action: "plan_request.note",
      target: { kind: "plan_request", id },
      after: { note: note.body },
    },
    result: null,
  };
}
