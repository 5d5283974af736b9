import { and, count, desc, eq, like, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business, businessProduct, businessQuestion, review } from "../db/schema/directory.ts";
import { CATEGORY_SLUGS, type CategorySlug } from "./categories.ts";
import { isOpenAt, provinceTimeZone } from "./hours.ts";
import { type Cursor, encodeCursor, type SearchCriteria } from "./search.ts";
import type { BusinessDetail, BusinessPage, BusinessSummary } from "./types.ts";

const summaryColumns = {
  id: business.id,
  name: business.name,
  category: business.category,
  city: business.city,
  province: business.province,
  rating: business.rating,
  reviewCount: business.reviewCount,
  priceFromCents: business.priceFromCents,
  opensAt: business.opensAt,
  closesAt: business.closesAt,
  image: business.image,
  ownerName: business.ownerName,
  ownerImage: business.ownerImage,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] };

function toSummary(row: SummaryRow, now: Date): BusinessSummary {
  const opensAt = row.opensAt.slice(0, 5);
  const closesAt = row.closesAt.slice(0, 5);
  return {
    ...row,
    category: row.category as CategorySlug,
    rating: Number(row.rating),
    opensAt,
    closesAt,
    openNow: isOpenAt(opensAt, closesAt, provinceTimeZone(row.province), now),
  };
}

/** `%text%` for LIKE, with the user's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Businesses matching every given criterion, best rated first, `limit` at a time. Pass the
 * previous page's `nextCursor` to continue; it is null on the last page.
 */
export async function searchBusinesses(
  db: Db | Tx,
  criteria: SearchCriteria,
  page: { limit: number; cursor?: Cursor },
  now = new Date(),
): Promise<BusinessPage> {
  const conditions: SQL[] = [];
  if (criteria.title) conditions.push(like(business.searchName, containing(criteria.title)));
  if (criteria.location) {
    conditions.push(like(business.searchLocation, containing(criteria.location)));
  }
  if (criteria.category) conditions.push(eq(business.category, criteria.category));
  if (page.cursor) {
    conditions.push(
      sql`(${business.rating}, ${business.id}) < (${page.cursor.rating}::numeric, ${page.cursor.id})`,
    );
  }
  const rows = await db
    .select(summaryColumns)
    .from(business)
    .where(and(...conditions))
    .orderBy(desc(business.rating), desc(business.id))
    .limit(page.limit + 1);

  const items = rows.slice(0, page.limit).map((row) => toSummary(row, now));
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return {
    items,
    nextCursor: last ? encodeCursor({ rating: last.rating, id: last.id }) : null,
  };
}

/** One business with everything its page shows, or null when there is none with that id. */
export async function getBusiness(
  db: Db | Tx,
  id: number,
  now = new Date(),
): Promise<BusinessDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      address: business.address,
      postalCode: business.postalCode,
      latitude: business.latitude,
      longitude: business.longitude,
      coverImage: business.coverImage,
      website: business.website,
      description: business.description,
      promoTitle: business.promoTitle,
      promoDescription: business.promoDescription,
      promoImage: business.promoImage,
    })
    .from(business)
    .where(eq(business.id, id));
  if (!row) return null;

  const [products, reviews, questions] = await Promise.all([
    db
      .select({
        id: businessProduct.id,
        name: businessProduct.name,
        priceCents: businessProduct.priceCents,
        image: businessProduct.image,
        url: businessProduct.url,
      })
      .from(businessProduct)
      .where(eq(businessProduct.businessId, id))
      .orderBy(businessProduct.position),
    db
      .select({
        id: review.id,
        authorName: review.authorName,
        rating: review.rating,
        body: review.body,
        locale: review.locale,
        createdAt: review.createdAt,
      })
      .from(review)
      .where(eq(review.businessId, id))
      .orderBy(desc(review.createdAt), desc(review.id))
      .limit(20),
    db
      .select({
        id: businessQuestion.id,
        askedBy: businessQuestion.askedBy,
        question: businessQuestion.question,
        answer: businessQuestion.answer,
        locale: businessQuestion.locale,
      })
      .from(businessQuestion)
      .where(eq(businessQuestion.businessId, id))
      .orderBy(businessQuestion.id),
  ]);

  const { promoTitle, promoDescription, promoImage, ...rest } = row;
  return {
    ...toSummary(rest, now),
    address: rest.address,
    postalCode: rest.postalCode,
    latitude: rest.latitude,
    longitude: rest.longitude,
    coverImage: rest.coverImage,
    website: rest.website,
    description: rest.description,
    promo:
      promoTitle && promoDescription && promoImage
        ? { title: promoTitle, description: promoDescription, image: promoImage }
        : null,
    products,
    reviews: reviews.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
    questions,
  };
}

/** How many businesses each category holds, every category present (zero when empty). */
export async function countBusinessesByCategory(
  db: Db | Tx,
): Promise<Record<CategorySlug, number>> {
  const rows = await db
    .select({ category: business.category, places: count() })
    .from(business)
    .groupBy(business.category);
  const counts = Object.fromEntries(CATEGORY_SLUGS.map((slug) => [slug, 0])) as Record<
    CategorySlug,
    number
  >;
  for (const row of rows) {
    if (row.category in counts) counts[row.category as CategorySlug] = row.places;
  }
  return counts;
}
