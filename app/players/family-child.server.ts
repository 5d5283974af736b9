import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { redeemRequest } from "../db/schema/players.ts";
import { actedFirst } from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import { type ParentActor, parentWrite } from "./family.server.ts";
import { needsConsent } from "./identity.ts";
import { giveBackRedeemPoints } from "./redeem-review.server.ts";

/** A parent's answer to their child's redeem request: it goes on to staff, or it is declined. */
export type ParentRedeemDecision = "approve" | "decline";

/**
 * A parent approves (the request reaches staff, "pending") or declines (the points go back through
 * the ledger) their child's request awaiting a parent. One conditional UPDATE on
 * status = 'awaiting_parent' and the child's own id, inside parentWrite's transaction: of two
 * parents (or twenty declines) exactly one moves it, the others get the 409 naming who acted first.
 * A request that is not this child's is the site's 404.
 */
export function decideAsParent(
  db: Db,
  parent: ParentActor,
  childId: string,
  requestId: number,
  decision: ParentRedeemDecision,
): Promise<{ status: "pending" | "declined" }> {
  const to = decision === "approve" ? "pending" : "declined";
  const target = { kind: "redeem_request", id: requestId };
  return parentWrite(db, parent, childId, async (tx) => {
    const [moved] = await tx
      .update(redeemRequest)
      .set({
        status: to,
        updatedAt: sql`now()`,
        decidedAt: to === "declined" ? sql`now()` : null,
      })
      .where(
        and(
          eq(redeemRequest.id, requestId),
          eq(redeemRequest.userId, childId),
          eq(redeemRequest.status, "awaiting_parent"),
        ),
      )
      .returning({ cost: redeemRequest.cost, userId: redeemRequest.userId });
    if (!moved) {
      const [mine] = await tx
        .select({ id: redeemRequest.id })
        .from(redeemRequest)
        .where(and(eq(redeemRequest.id, requestId), eq(redeemRequest.userId, childId)));
      throw mine ? await actedFirst(tx, target) : new AppError("not_found");
    }
    if (to === "declined") await giveBackRedeemPoints(tx, requestId, moved);
    return {
      audit: {
        action: decision === "approve" ? "redeem.parent_approve" : "redeem.parent_decline",
        target,
        before: { status: "awaiting_parent" },
        after: { status: to },
      },
      result: { status: to },
    };
  });
}

/**
 * A parent corrects their child's age: the only way it changes while the child is under 14 (the
 * child's own settings refuse it). Corrected to 14 or more (decision 0073), the child needs no
 * consent from then on ("not_needed"): the consent stays on record, in force, so the parent keeps
 * the family page until they withdraw it, and the profile stays private until the child opens it.
 */
export function correctChildAge(
  db: Db,
  parent: ParentActor,
  childId: string,
  age: number,
): Promise<{ age: number }> {
  return parentWrite(db, parent, childId, async (tx) => {
    const [before] = await tx
      .select({ age: user.age, consentStatus: user.consentStatus })
      .from(user)
      .where(eq(user.id, childId));
    const grown = !needsConsent(age);
    await tx
      .update(user)
      .set({
        age,
        updatedAt: new Date(),
        ...(grown ? { consentStatus: "not_needed" as const, consentDueBy: null } : {}),
      })
      .where(eq(user.id, childId));
    return {
      audit: {
        action: "player.age_correct",
        target: { kind: "user", id: childId },
        before: { age: before?.age ?? null, consentStatus: before?.consentStatus },
        after: { age, consentStatus: grown ? "not_needed" : before?.consentStatus },
      },
      result: { age },
    };
  });
}

/**
 * A parent deletes their child's account: the consents are withdrawn with it, and the account and
 * every row about the child go as in the 7-day deletion (each player column cascades, or is set to
 * null where the row is another's; the picture goes with the avatars' sweep), the child's sessions
 * with them, so the child is signed out. The audit row survives: its actor and target are plain
 * text, not foreign keys (migration "audit_trail").
 */
export function deleteChildAccount(db: Db, parent: ParentActor, childId: string): Promise<void> {
  return parentWrite(db, parent, childId, async (tx) => {
    const [gone] = await tx
      .delete(user)
      .where(eq(user.id, childId))
      .returning({ handle: user.handle, age: user.age });
    return {
      audit: {
        action: "player.delete_by_parent",
        target: { kind: "user", id: childId },
        before: { handle: gone?.handle, age: gone?.age },
      },
      result: undefined,
    };
  });
}
