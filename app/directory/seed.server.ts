import fs from "node:fs/promises";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { business, businessProduct, businessQuestion, review } from "../db/schema/directory.ts";
import { normalizeForSearch } from "../platform/text.ts";
import {
  type BusinessFile,
  type BusinessSeed,
  businessFileSchema,
  type DemoReview,
  demoReviewsFileSchema,
} from "./content.ts";

const OWNER_PICTURES = 8;
/** Pictures per category: `public/images/directory/<category>-1.svg` to `-6.svg`. */
const CATEGORY_PICTURES = 6;

/** Reads and checks every `content/businesses/*.json` file; a bad file stops with its name. */
export async function readBusinessContent(contentDir: string): Promise<BusinessFile[]> {
  const folder = path.join(contentDir, "businesses");
  const names = (await fs.readdir(folder)).filter((name) => name.endsWith(".json")).sort();
  return Promise.all(
    names.map(async (name) => {
      const parsed = businessFileSchema.safeParse(
        JSON.parse(await fs.readFile(path.join(folder, name), "utf8")),
      );
      if (!parsed.success) {
        throw new Error(
          `${name}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
        );
      }
      return parsed.data;
    }),
  );
}

/** A small stable number from a text, so each business keeps the same pictures across seeds. */
function pick(text: string, choices: number): number {
  let hash = 0;
  for (const character of text) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return (hash % choices) + 1;
}

export function searchLocation(city: string, province: string): string {
  return normalizeForSearch(`${city} ${province}`);
}

/**
 * `index`: the business's place in its category's file. The category's pictures are dealt in
 * turn, so businesses of a kind (which often sit side by side in a city or a search) differ.
 */
function businessRow(seed: BusinessSeed, category: string, index: number) {
  const picture = `/images/directory/${category}-${(index % CATEGORY_PICTURES) + 1}.svg`;
  return {
    slug: seed.slug,
    name: seed.name,
    category,
    city: seed.city,
    province: seed.province,
    address: seed.address,
    postalCode: seed.postalCode,
    latitude: seed.latitude,
    longitude: seed.longitude,
    searchName: normalizeForSearch(seed.name),
    searchLocation: searchLocation(seed.city, seed.province),
    priceFromCents: seed.priceFromCents,
    opensAt: seed.opensAt,
    closesAt: seed.closesAt,
    image: picture,
    coverImage: picture,
    ownerName: seed.owner,
    ownerImage: `/images/owners/owner-${pick(seed.owner, OWNER_PICTURES)}.svg`,
    website: null,
    description: seed.description,
    promoTitle: seed.promo?.title ?? null,
    promoDescription: seed.promo?.description ?? null,
    promoImage: seed.promo ? `/images/directory/${category}-promo.svg` : null,
  };
}

/**
 * Adds every content business that is not there yet (by slug), with its products, reviews and
 * questions. Businesses already present are left as they are, so running it twice changes nothing.
 * Rating and review count come from the reviews themselves (triggers on `review`, decision 0020).
 */
export async function seedBusinesses(db: Database, files: BusinessFile[]): Promise<number> {
  let added = 0;
  await db.transaction(async (tx) => {
    for (const file of files) {
      for (const [index, seed] of file.businesses.entries()) {
        const [row] = await tx
          .insert(business)
          .values(businessRow(seed, file.category, index))
          .onConflictDoNothing({ target: business.slug })
          .returning({ id: business.id });
        if (!row) continue;
        added += 1;
        await tx.insert(businessProduct).values(
          seed.products.map((product, index) => ({
            businessId: row.id,
            position: index + 1,
            name: product.name,
            priceCents: product.priceCents,
            image: `/images/directory/${file.category}-product-${(index % 3) + 1}.svg`,
            url: `https://example.com/${seed.slug}/products/${index + 1}`,
          })),
        );
        if (seed.reviews.length > 0) {
          await tx.insert(review).values(
            seed.reviews.map((item, index) => ({
              businessId: row.id,
              authorName: item.author,
              rating: item.rating,
              body: item.body,
              locale: item.locale,
              // Spread the demo reviews over past weeks so they read as a history.
              createdAt: sql`now() - make_interval(days => ${7 * (index + 1) + pick(seed.slug, 6)})`,
            })),
          );
        }
        if (seed.questions.length > 0) {
          await tx
            .insert(businessQuestion)
            .values(seed.questions.map((item) => ({ businessId: row.id, ...item })));
        }
      }
    }
  });
  return added;
}

export async function readDemoReviews(contentDir: string): Promise<DemoReview[]> {
  const file = path.join(contentDir, "reviews", "demo-reviews.json");
  return demoReviewsFileSchema.parse(JSON.parse(await fs.readFile(file, "utf8"))).reviews;
}

/**
 * Adds the demo players' reviews that are missing (one per player and business, as for everyone),
 * each by the player's id; a review of a business not in the directory is left out. Ratings follow
 * through the triggers on `review`. Returns how many were added.
 */
export async function seedPlayerReviews(
  db: Database,
  reviews: (DemoReview & { userId: string })[],
): Promise<number> {
  if (reviews.length === 0) return 0;
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: business.id, slug: business.slug })
      .from(business)
      .where(inArray(business.slug, [...new Set(reviews.map((item) => item.business))]));
    const ids = new Map(found.map((row) => [row.slug, row.id]));
    const rows = reviews.flatMap((item) => {
      const businessId = ids.get(item.business);
      return businessId === undefined
        ? []
        : [
            {
              businessId,
              userId: item.userId,
              rating: item.rating,
              body: item.body,
              locale: item.locale,
              createdAt: sql`now() - make_interval(days => ${item.daysAgo})`,
            },
          ];
    });
    if (rows.length === 0) return 0;
    const added = await tx
      .insert(review)
      .values(rows)
      .onConflictDoNothing({ target: [review.businessId, review.userId] })
      .returning({ id: review.id });
    return added.length;
  });
}

/**
 * Deals each category's pictures again, in turn down the ranking (best rated first), to these
 * businesses: once the demo reviews have set the ratings, businesses of one category that sit near
 * each other in the list get different pictures (six apart at least). Run when they were added.
 */
export async function dealPictures(db: Database, slugs: string[]): Promise<void> {
  if (slugs.length === 0) return;
  await db.execute(sql`
    update ${business} set image = dealt.picture, cover_image = dealt.picture
    from (
      select id, '/images/directory/' || category || '-' ||
        ((row_number() over (partition by category order by rating desc, id desc) - 1)
          % ${CATEGORY_PICTURES} + 1) || '.svg' as picture
      from ${business} where ${inArray(business.slug, slugs)}
    ) as dealt
    where ${business.id} = dealt.id`);
}
