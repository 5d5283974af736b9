import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business } from "../db/schema/directory.ts";

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
