import { and, asc, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import {
  business,
  businessClaim,
  businessReport,
  directoryReport,
  review,
} from "../db/schema/directory.ts";

/** Where a list of open claims stopped: the last one's time and id. */
type ClaimPosition = { at: Date; id: number };

/** Open listing claims, oldest first, strictly after `after` (partial index on open claims). */
export async function openClaims(
  db: Db | Tx,
  { after, limit }: { after: ClaimPosition | null; limit: number },
) {
  return db
    .select({
      id: businessClaim.id,
      createdAt: businessClaim.createdAt,
      business: business.name,
      planRequestId: businessClaim.sourceId,
    })
    .from(businessClaim)
    .innerJoin(business, eq(business.id, businessClaim.businessId))
    .where(
      and(
        eq(businessClaim.status, "open"),
        after
          ? or(
              gt(businessClaim.createdAt, after.at),
              and(eq(businessClaim.createdAt, after.at), gt(businessClaim.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(businessClaim.createdAt), asc(businessClaim.id))
    .limit(limit);
}

export async function countOpenClaims(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(businessClaim)
    .where(eq(businessClaim.status, "open"));
  return row?.count ?? 0;
}

/** What a player did in the directory, for the console's player page: reports made, reviews. */
export async function directoryActivityOf(db: Db | Tx, userId: string) {
  const [reports, reviews] = await Promise.all([
    db.execute<{ count: number }>(sql`
      select ((select count(*) from ${directoryReport} where ${directoryReport.userId} = ${userId})
        + (select count(*) from ${businessReport} where ${businessReport.userId} = ${userId}))::int as count`),
    db
      .select({
        id: review.id,
        rating: review.rating,
        createdAt: review.createdAt,
        business: business.name,
        businessId: business.id,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(review)
      .innerJoin(business, eq(business.id, review.businessId))
      .where(eq(review.userId, userId))
      .orderBy(desc(review.createdAt), desc(review.id))
      .limit(5),
  ]);
  return {
    reports: reports.rows[0]?.count ?? 0,
    reviews: { count: reviews[0]?.total ?? 0, recent: reviews },
  };
}
