import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business, businessClaim } from "../db/schema/directory.ts";

/**
 * For other areas (a plan request that claims a listing): the listing with this id, as a person
 * recognizes it, or null when there is none.
 */
export async function businessForClaim(
  db: Db | Tx,
  id: number,
): Promise<{ id: number; name: string; city: string; province: string } | null> {
  const [row] = await db
    .select({
      id: business.id,
      name: business.name,
      city: business.city,
      province: business.province,
    })
    .from(business)
    .where(eq(business.id, id));
  return row ?? null;
}

/**
 * For a won plan request: opens a claim of the listing for its requester (their account, or the
 * contact e-mail of a visitor's request), in the caller's transaction. The owners' tools review it.
 * A claim already open for the same business and requester is kept: returns null then.
 */
export async function openListingClaim(
  tx: Tx,
  claim: {
    businessId: number;
    requesterId: string | null;
    contactEmail: string;
    planRequestId: number;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(businessClaim)
    .values({
      businessId: claim.businessId,
      requesterId: claim.requesterId,
      // An account's claim is that account's; a visitor's is known only by the address they gave.
      contactEmail: claim.requesterId ? null : claim.contactEmail,
      source: "plan_request",
      sourceId: claim.planRequestId,
    })
    .onConflictDoNothing()
    .returning({ id: businessClaim.id });
  return row?.id ?? null;
}
