import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { savedBusiness } from "../db/schema/directory.ts";
import { AppError } from "../platform/errors.ts";
import { businessExists, summariesOf } from "./businesses.server.ts";
import { countStat } from "./stats.server.ts";
import type { BusinessSummary } from "./types.ts";

/** How many saved businesses the profile lists, newest first. */
const SAVED_LIST_MAX = 60;

/**
 * Saves the business for the player; saving it again keeps the one row (and counts once in the
 * listing's figures). Unknown: 404.
 */
export async function saveBusiness(db: Db | Tx, userId: string, businessId: number): Promise<void> {
  if (!(await businessExists(db, businessId))) throw new AppError("not_found");
  const saved = await db
    .insert(savedBusiness)
    .values({ userId, businessId })
    .onConflictDoNothing()
    .returning({ businessId: savedBusiness.businessId });
  if (saved.length > 0) await countStat(db, businessId, "saves");
}

export async function unsaveBusiness(
  db: Db | Tx,
  userId: string,
  businessId: number,
): Promise<void> {
  await db
    .delete(savedBusiness)
    .where(and(eq(savedBusiness.userId, userId), eq(savedBusiness.businessId, businessId)));
}

/** Which of these businesses the player saved (for the cards' pressed state). */
export async function savedAmong(
  db: Db | Tx,
  userId: string | undefined,
  businessIds: readonly number[],
): Promise<number[]> {
  if (!userId || businessIds.length === 0) return [];
  const rows = await db
    .select({ id: savedBusiness.businessId })
    .from(savedBusiness)
    .where(
      and(eq(savedBusiness.userId, userId), inArray(savedBusiness.businessId, [...businessIds])),
    )
    // In a stable order: a player's kept page must carry the very list the loader would.
    .orderBy(savedBusiness.businessId);
  return rows.map((row) => row.id);
}

/** The player's saved businesses, last saved first. */
export async function listSavedBusinesses(
  db: Db | Tx,
  userId: string,
  now = new Date(),
): Promise<BusinessSummary[]> {
  const rows = await db
    .select({ id: savedBusiness.businessId })
    .from(savedBusiness)
    .where(eq(savedBusiness.userId, userId))
    .orderBy(desc(savedBusiness.createdAt), desc(savedBusiness.businessId))
    .limit(SAVED_LIST_MAX);
  return summariesOf(
    db,
    rows.map((row) => row.id),
    now,
  );
}

export async function isBusinessSaved(
  db: Db | Tx,
  userId: string,
  businessId: number,
): Promise<boolean> {
  return (await savedAmong(db, userId, [businessId])).length > 0;
}
