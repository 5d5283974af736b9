import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import {
  pointsLedger,
  type RedeemStatus,
  redeemGoal,
  redeemRequest,
} from "../db/schema/players.ts";
import type { Locale } from "../i18n/locale.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { parentApprovalEmail, redeemConfirmationEmail } from "./emails.server.ts";
import { parentsOf } from "./family.server.ts";
import { assertMayTakePart } from "./identity.server.ts";
import type { RedeemRequestForm } from "./redeem-form.ts";

export type RedeemGoal = {
  slug: string;
  name: { "en-CA": string; "fr-CA": string };
  image: string;
  cost: number;
};

const goalColumns = {
  slug: redeemGoal.slug,
  name: redeemGoal.name,
  image: redeemGoal.image,
  cost: redeemGoal.cost,
};

/** Every goal, cheapest first. */
export async function listGoals(db: Db | Tx): Promise<RedeemGoal[]> {
  return db.select(goalColumns).from(redeemGoal).orderBy(asc(redeemGoal.cost), asc(redeemGoal.id));
}

async function findGoal(db: Db | Tx, slug: string) {
  const [goal] = await db
    .select({ id: redeemGoal.id, ...goalColumns })
    .from(redeemGoal)
    .where(eq(redeemGoal.slug, slug));
  return goal;
}

export type RedeemRequestView = {
  id: number;
  goal: RedeemGoal;
  cost: number;
  status: RedeemStatus;
  /** Staff's note (fulfilled) or reason (declined) to the player; null while pending. */
  note: string | null;
  createdAt: string;
};

const requestColumns = {
  id: redeemRequest.id,
  cost: redeemRequest.cost,
  status: redeemRequest.status,
  note: redeemRequest.note,
  createdAt: redeemRequest.createdAt,
  goal: goalColumns,
};

const asView = (row: {
  id: number;
  cost: number;
  status: RedeemStatus;
  note: string | null;
  createdAt: Date;
  goal: RedeemGoal;
}): RedeemRequestView => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The player's own requests (ownership in the query), newest first. */
async function requestsWhere(db: Db | Tx, playerId: string, condition?: SQL) {
  const rows = await db
    .select(requestColumns)
    .from(redeemRequest)
    .innerJoin(redeemGoal, eq(redeemGoal.id, redeemRequest.goalId))
    .where(and(eq(redeemRequest.userId, playerId), condition))
    .orderBy(desc(redeemRequest.createdAt), desc(redeemRequest.id));
  return rows.map(asView);
}

export function listRequests(db: Db | Tx, playerId: string): Promise<RedeemRequestView[]> {
  return requestsWhere(db, playerId);
}

async function requestByKey(db: Db | Tx, playerId: string, key: string) {
  const [row] = await requestsWhere(db, playerId, eq(redeemRequest.idempotencyKey, key));
  return row;
}

/** Thrown inside the transaction when another request with the same key got there first. */
class SameKey extends Error {}

/**
 * Redeems a goal, in one transaction: the request row (status pending; its key unique per player),
 * the cost moved into usesPoints by one conditional UPDATE (`points - uses_points >= cost`, so
 * concurrent requests can never take the balance below 0), the ledger row (-cost) and the
 * confirmation e-mail. A child's request (under 14) waits for a parent ("awaiting_parent") and
 * each linked parent is e-mailed, in their own language, with the link to the child's family page;
 * staff see it only once a parent approves. A key already used returns that first request and
 * charges nothing (`created: false`). Too costly: 409 "You don't have redeem points!".
 */
export async function redeemGoalFor(
  db: Db,
  player: { id: string; locale: Locale },
  form: RedeemRequestForm,
  idempotencyKey: string,
  { baseUrl }: { baseUrl: string },
): Promise<{ request: RedeemRequestView; created: boolean }> {
  await assertMayTakePart(db, player.id);
  const earlier = await requestByKey(db, player.id, idempotencyKey);
  if (earlier) return { request: earlier, created: false };
  const goal = await findGoal(db, form.goal);
  if (!goal)
    throw new AppError("invalid_parameters", {
      problems: [{ field: "goal", message: "redeem.problems.goalRequired" }],
    });
  try {
    const id = await db.transaction(async (tx) => {
      // A child under 14 may redeem only with a parent's consent in force (assertMayTakePart):
      // their request waits for one of those parents, never for nobody.
      const [asker] = await tx
        .select({ consent: user.consentStatus, name: user.name })
        .from(user)
        .where(eq(user.id, player.id));
      const parents = asker?.consent === "given" ? await parentsOf(tx, player.id) : [];
      const child = parents.length > 0;
      // A concurrent request with the same key waits here for the first one to end; if that one
      // committed, this one does nothing and reads it.
      const [row] = await tx
        .insert(redeemRequest)
        .values({
          userId: player.id,
          goalId: goal.id,
          cost: goal.cost,
          name: form.name,
          email: form.email,
          phone: form.phone,
          idempotencyKey,
          locale: player.locale,
          status: child ? "awaiting_parent" : "pending",
        })
        .onConflictDoNothing()
        .returning({ id: redeemRequest.id, cost: redeemRequest.cost });
      if (!row) throw new SameKey();
      const charged = await tx
        .update(user)
        .set({ usesPoints: sql`${user.usesPoints} + ${row.cost}` })
        .where(and(eq(user.id, player.id), sql`${user.points} - ${user.usesPoints} >= ${row.cost}`))
        .returning({ id: user.id });
      if (charged.length === 0)
        throw new AppError("conflict", { message: "redeem.problems.notEnoughPoints" });
      await tx.insert(pointsLedger).values({
        userId: player.id,
        change: -row.cost,
        reason: "redeem",
        source: `redeem_request:${row.id}`,
      });
      await enqueueEmail(tx, redeemConfirmationEmail({ ...form, goal, id: row.id }, player.locale));
      for (const parent of parents)
        await enqueueEmail(
          tx,
          parentApprovalEmail(
            parent,
            { childId: player.id, childName: asker?.name ?? "", goal },
            baseUrl,
          ),
        );
      return row.id;
    });
    const [created] = await requestsWhere(db, player.id, eq(redeemRequest.id, id));
    if (!created) throw new Error(`redeem request ${id} vanished`);
    return { request: created, created: true };
  } catch (error) {
    if (!(error instanceof SameKey)) throw error;
    const first = await requestByKey(db, player.id, idempotencyKey);
    if (!first) throw new AppError("conflict");
    return { request: first, created: false };
  }
}
