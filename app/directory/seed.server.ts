import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, inArray, notLike, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { business, businessProduct, businessQuestion, review } from "../db/schema/directory.ts";
import {
  type BusinessFile,
  type BusinessSeed,
  businessFileSchema,
  type DemoReview,
  demoReviewsFileSchema,
} from "./content.ts";
import { dealKindPictures } from "./kinds.ts";
import { businessSearchColumns } from "./search-columns.ts";

const OWNER_PICTURES = 8;

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

/** `picture`: its kind's drawing, dealt by `dealKindPictures`. */
function businessRow(seed: BusinessSeed, category: string, picture: string) {
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
    ...businessSearchColumns(seed),
    priceFromCents: seed.priceFromCents,
    opensAt: seed.opensAt,
    closesAt: seed.closesAt,
    image: picture,
    coverImage: picture,
    ownerName: seed.owner,
    ownerImage: `/images/owners/owner-${pick(seed.owner, OWNER_PICTURES)}.svg`,
    website: null,
    phone: seed.phone ?? null,
    contactEmail: contactEmailFor(seed.slug),
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
      // In file order until `dealPictures` knows the ranking: neighbours in the file differ.
      const pictures = dealKindPictures(file.businesses, (_, index) => [
        file.businesses[index - 1],
      ]);
      for (const seed of file.businesses) {
        const [row] = await tx
          .insert(business)
          .values(businessRow(seed, file.category, pictures.get(seed) ?? ""))
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
 * Deals the kinds' pictures again down the ranking (best rated first, as the lists show it) to
 * these businesses, once the demo reviews have set the ratings: no business shows the picture of
 * the one just before it, neither in the list of every business nor in its category's list.
 * Run when they were added.
 */
export async function dealPictures(db: Database, seeds: BusinessSeed[]): Promise<void> {
  if (seeds.length === 0) return;
  const kinds = new Map(seeds.map((seed) => [seed.slug, seed.kind]));
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: business.id, slug: business.slug, category: business.category })
      .from(business)
      .where(inArray(business.slug, [...kinds.keys()]))
      .orderBy(desc(business.rating), desc(business.id));
    const ranked = rows.flatMap((row) => {
      const kind = kinds.get(row.slug);
      return kind ? [{ ...row, kind }] : [];
    });
    const lastInCategory = new Map<string, (typeof ranked)[number]>();
    const pictures = dealKindPictures(ranked, (item, index) => {
      const previous = [ranked[index - 1], lastInCategory.get(item.category)];
      lastInCategory.set(item.category, item);
      return previous;
    });
    for (const [item, picture] of pictures) {
      await tx
        .update(business)
        .set({ image: picture, coverImage: picture })
        .where(eq(business.id, item.id));
    }
  });
}

/**
 * A database seeded before the kinds' pictures (decision 0031) has demo businesses pointing at
 * per-category pictures that no longer ship: deals theirs again. Returns whether it had to; once
 * done, it finds nothing, so every later start changes nothing.
 */
export async function replaceOldPictures(db: Database, seeds: BusinessSeed[]): Promise<boolean> {
  if (seeds.length === 0) return false;
  const [old] = await db
    .select({ id: business.id })
    .from(business)
    .where(
      and(
        inArray(
          business.slug,
          seeds.map((seed) => seed.slug),
        ),
        notLike(business.image, "/images/directory/kinds/%"),
      ),
    )
    .limit(1);
  if (!old) return false;
  await dealPictures(db, seeds);
  return true;
}

/**
 * A demo business's own address, where a claim's code goes (issue 26): made from its slug, at a
 * domain reserved for tests, so no code ever leaves the outbox for a real mailbox.
 */
function contactEmailFor(slug: string): string {
  return `${slug}@example.test`;
}

/**
 * Demo businesses seeded before they had phone numbers or contact addresses get the file's number
 * and their address, in one statement; what a business has already is kept, so every later start
 * changes nothing. Returns how many were given something.
 */
export async function fillMissingContacts(db: Database, seeds: BusinessSeed[]): Promise<number> {
  if (seeds.length === 0) return 0;
  const given = seeds.map(
    (seed) => sql`(${seed.slug}, ${seed.phone ?? null}::text, ${contactEmailFor(seed.slug)})`,
  );
  const { rowCount } = await db.execute(
    sql`update ${business}
        set phone = coalesce(${business.phone}, given.phone),
          contact_email = coalesce(${business.contactEmail}, given.email)
        from (values ${sql.join(given, sql`, `)}) as given (slug, phone, email)
        where ${business.slug} = given.slug
          and ((${business.phone} is null and given.phone is not null)
            or ${business.contactEmail} is null)`,
  );
  return rowCount ?? 0;
}
