import { and, asc, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business, businessPicture, type LocalizedText } from "../db/schema/directory.ts";
import { actedFirst } from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import { GALLERY_MAX } from "./gallery.ts";
import { listingTarget } from "./listing-edits.server.ts";
import type { Manager, ManagerChange } from "./owners.server.ts";

export type GalleryPicture = { id: number; position: number; file: string; alt: LocalizedText };

const pictureColumns = {
  id: businessPicture.id,
  position: businessPicture.position,
  file: businessPicture.file,
  alt: businessPicture.alt,
};

/** A listing's gallery in its owners' order. */
export async function galleryOf(db: Db | Tx, businessId: number): Promise<GalleryPicture[]> {
  return db
    .select(pictureColumns)
    .from(businessPicture)
    .where(eq(businessPicture.businessId, businessId))
    .orderBy(asc(businessPicture.position));
}

/** The listing's cover as its pictures page shows it: the address, and its alternative text. */
export async function coverOf(db: Db | Tx, businessId: number) {
  const [row] = await db
    .select({ file: business.coverImage, alt: business.coverAlt })
    .from(business)
    .where(eq(business.id, businessId));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * Takes the listing's row for this transaction: two writes to one gallery (two co-owners adding
 * the 20th picture, two reorders) run one after the other, each counting and numbering what the
 * other committed. FOR NO KEY UPDATE: reviews and saves, which only reference the row, go on.
 */
async function lockGallery(tx: Tx, businessId: number): Promise<void> {
  const [row] = await tx
    .select({ id: business.id })
    .from(business)
    .where(eq(business.id, businessId))
    .for("no key update");
  if (!row) throw new AppError("not_found");
}

/**
 * The picture as the form saw it, or the 409 naming who changed the gallery first: removed, or
 * moved by someone else since the page was opened.
 */
async function pictureAsSeen(
  tx: Tx,
  manager: Manager,
  id: number,
  seenPosition?: number,
): Promise<GalleryPicture> {
  const [picture] = await tx
    .select(pictureColumns)
    .from(businessPicture)
    .where(and(eq(businessPicture.id, id), eq(businessPicture.businessId, manager.businessId)));
  if (!picture || (seenPosition !== undefined && picture.position !== seenPosition))
    throw await actedFirst(tx, listingTarget(manager.businessId));
  return picture;
}

/**
 * The uploaded cover (already cleaned and stored) as the listing's card picture and cover, with its
 * alternative text; audit row `business.cover_update`. The picture it replaces is left to the
 * content pictures' sweep.
 */
export async function updateCover(
  tx: Tx,
  manager: Manager,
  file: string,
  alt: LocalizedText,
): Promise<ManagerChange<null>> {
  const before = await coverOf(tx, manager.businessId);
  await tx
    .update(business)
    .set({ image: file, coverImage: file, coverAlt: alt, updatedAt: sql`now()` })
    .where(eq(business.id, manager.businessId));
  return {
    audit: {
      action: "business.cover_update",
      target: listingTarget(manager.businessId),
      before,
      after: { file, alt },
    },
    result: null,
  };
}

/**
 * A picture (already cleaned and stored) added at the end of the gallery; the 21st is refused.
 * Audit row `business.picture_add`.
 */
export async function addPicture(
  tx: Tx,
  manager: Manager,
  file: string,
  alt: LocalizedText,
): Promise<ManagerChange<{ id: number }>> {
  await lockGallery(tx, manager.businessId);
  const [counted] = await tx
    .select({ pictures: count() })
    .from(businessPicture)
    .where(eq(businessPicture.businessId, manager.businessId));
  const pictures = counted?.pictures ?? 0;
  if (pictures >= GALLERY_MAX)
    throw new AppError("conflict", {
      message: "manage.pictures.problems.full",
      values: { max: GALLERY_MAX },
    });
  const [row] = await tx
    .insert(businessPicture)
    .values({ businessId: manager.businessId, position: pictures + 1, file, alt })
    .returning({ id: businessPicture.id });
  if (!row) throw new Error("insert into business_picture returned no row");
  return {
    audit: {
      action: "business.picture_add",
      target: listingTarget(manager.businessId),
      after: { picture: row.id, file, alt },
    },
    result: row,
  };
}

/** A gallery picture's alternative text changed; audit row `business.picture_alt_update`. */
export async function updatePictureAlt(
  tx: Tx,
  manager: Manager,
  id: number,
  alt: LocalizedText,
): Promise<ManagerChange<null>> {
  await lockGallery(tx, manager.businessId);
  const picture = await pictureAsSeen(tx, manager, id);
  await tx.update(businessPicture).set({ alt }).where(eq(businessPicture.id, id));
  return {
    audit: {
      action: "business.picture_alt_update",
      target: listingTarget(manager.businessId),
      before: { picture: id, alt: picture.alt },
      after: { picture: id, alt },
    },
    result: null,
  };
}

/**
 * A gallery picture swapped with its neighbour above or below; audit row `business.picture_move`.
 * Positions stay unique at every statement (the constraint is not deferrable): the picture steps
 * aside to 0 while its neighbour takes its place.
 */
export async function movePicture(
  tx: Tx,
  manager: Manager,
  id: number,
  seenPosition: number,
  direction: "up" | "down",
): Promise<ManagerChange<null>> {
  await lockGallery(tx, manager.businessId);
  const picture = await pictureAsSeen(tx, manager, id, seenPosition);
  const target = direction === "up" ? picture.position - 1 : picture.position + 1;
  const inGallery = eq(businessPicture.businessId, manager.businessId);
  const [neighbour] = await tx
    .select({ id: businessPicture.id })
    .from(businessPicture)
    .where(and(inGallery, eq(businessPicture.position, target)));
  // The first cannot go up nor the last down: the page offers neither, so the form is stale.
  if (!neighbour) throw await actedFirst(tx, listingTarget(manager.businessId));
  await tx.update(businessPicture).set({ position: 0 }).where(eq(businessPicture.id, id));
  await tx
    .update(businessPicture)
    .set({ position: picture.position })
    .where(eq(businessPicture.id, neighbour.id));
  await tx.update(businessPicture).set({ position: target }).where(eq(businessPicture.id, id));
  return {
    audit: {
      action: "business.picture_move",
      target: listingTarget(manager.businessId),
      before: { picture: id, position: picture.position },
      after: { picture: id, position: target },
    },
    result: null,
  };
}

/**
 * A gallery picture removed, the ones after it moved up a place; audit row
 * `business.picture_remove`. Its file is left to the content pictures' sweep.
 */
export async function removePicture(
  tx: Tx,
  manager: Manager,
  id: number,
  seenPosition: number,
): Promise<ManagerChange<null>> {
  await lockGallery(tx, manager.businessId);
  const picture = await pictureAsSeen(tx, manager, id, seenPosition);
  await tx.delete(businessPicture).where(eq(businessPicture.id, id));
  const inGallery = eq(businessPicture.businessId, manager.businessId);
  // Two steps, as the constraint is checked row by row: every later picture first to a negative
  // place (all distinct), then to the place before its own.
  await tx
    .update(businessPicture)
    .set({ position: sql`-${businessPicture.position}` })
    .where(and(inGallery, gt(businessPicture.position, picture.position)));
  await tx
    .update(businessPicture)
    .set({ position: sql`-${businessPicture.position} - 1` })
    .where(and(inGallery, lt(businessPicture.position, 0)));
  return {
    audit: {
      action: "business.picture_remove",
      target: listingTarget(manager.businessId),
      before: { picture: id, position: picture.position, file: picture.file, alt: picture.alt },
    },
    result: null,
  };
}
