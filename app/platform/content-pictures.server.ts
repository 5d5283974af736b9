import { and, arrayOverlaps, inArray, like, sql } from "drizzle-orm";
import type { Db } from "../db/client.server.ts";
import { blogPost } from "../db/schema/blog.ts";
import {
  business,
  businessPicture,
  businessProduct,
  businessVersion,
} from "../db/schema/directory.ts";
import { employer } from "../db/schema/jobs.ts";
import { redeemGoal } from "../db/schema/players.ts";
import { product } from "../db/schema/shop.ts";
import { processPicture } from "./images.server.ts";
import { type Storage, sweepOrphans } from "./storage.server.ts";

/**
 * Where the pictures staff upload for posts, products and goals, owners for their listing’s
 * cover, gallery, carousel’s products and promotion (decisions 0060, 0067), and employers for
 * their logos, are kept and served from.
 */
const CONTENT_FOLDER = "content";
const CONTENT_PATH = `/uploads/${CONTENT_FOLDER}/`;

/** The frames content pictures are cropped to, as the site's pages show them. */
export const PICTURE_FRAMES = {
  blogCover: { width: 800, height: 600 },
  product: { width: 800, height: 800 },
  goal: { width: 600, height: 600 },
  /** A listing's cover (its card shows the same picture) and its gallery's pictures. */
  business: { width: 1200, height: 900 },
  /** An employer's logo. */
  employerLogo: { width: 400, height: 400 },
  promotion: { width: 1280, height: 720 },
} as const;

/**
 * Cleans an uploaded picture through the avatars' pipeline (bytes checked, re-encoded, metadata
 * dropped) and stores it; returns the address pages use. A refused picture throws ImageRejected.
 */
export async function saveContentPicture(
  storage: Storage,
  file: Blob,
  frame: keyof typeof PICTURE_FRAMES,
): Promise<string> {
  const picture = await processPicture(
    new Uint8Array(await file.arrayBuffer()),
    PICTURE_FRAMES[frame],
  );
  return `${CONTENT_PATH}${await storage.save(CONTENT_FOLDER, picture, "jpg")}`;
}

/**
 * Removes content pictures no post, product, goal, listing or employer shows any more: the cover
 * or picture an edit replaced or removed, or an upload whose save was refused (see sweepOrphans).
 * The one place that knows every column a content picture's address is kept in. A listing's
 * product picture stays as long as a kept version of the listing shows it, so staff's restore of
 * that version shows it again; versions exist only for edited listings, so reading them all is
 * cheap for a sweep.
 */
export async function sweepOrphanedContentPictures(db: Db, storage: Storage): Promise<number> {
  return sweepOrphans(storage, CONTENT_FOLDER, async (addresses) => {
    const rows = await db
      .select({ address: blogPost.cover })
      .from(blogPost)
      .where(inArray(blogPost.cover, addresses))
      .union(
        db
          .select({ address: product.image })
          .from(product)
          .where(inArray(product.image, addresses)),
      )
      .union(
        db
          .select({ address: sql<string>`unnest(${product.morePictures})` })
          .from(product)
          .where(arrayOverlaps(product.morePictures, addresses)),
      )
      .union(
        db
          .select({ address: redeemGoal.image })
          .from(redeemGoal)
          .where(inArray(redeemGoal.image, addresses)),
      )
      // "like": the partial indexes of uploaded pictures, never the million seeded listings.
      .union(
        db
          .select({ address: business.coverImage })
          .from(business)
          .where(
            and(like(business.coverImage, "/uploads/%"), inArray(business.coverImage, addresses)),
          ),
      )
      .union(
        db
          .select({ address: business.image })
          .from(business)
          .where(and(like(business.image, "/uploads/%"), inArray(business.image, addresses))),
      )
      .union(
        db
          .select({ address: businessPicture.file })
          .from(businessPicture)
          .where(inArray(businessPicture.file, addresses)),
      )
      .union(
        db
          .select({ address: sql<string>`${employer.logo}` })
          .from(employer)
          .where(inArray(employer.logo, addresses)),
      )
      .union(
        db
          .select({ address: businessProduct.image })
          .from(businessProduct)
          .where(inArray(businessProduct.image, addresses)),
      )
      .union(
        db
          // Not null where it matches an address, as the union's type needs.
          .select({ address: sql<string>`${business.promoImage}` })
          .from(business)
          .where(inArray(business.promoImage, addresses)),
      );
    const versions = await db.execute<{ address: string }>(
      sql`select distinct product->>'image' as address
          from ${businessVersion}, jsonb_array_elements(${businessVersion.snapshot}->'products') product
          where ${inArray(sql`product->>'image'`, addresses)}`,
    );
    return new Set([...rows, ...versions.rows].map((row) => row.address));
  });
}
