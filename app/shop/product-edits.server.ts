import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { product } from "../db/schema/shop.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { auditChanges } from "../platform/audit-diff.ts";
import { AppError } from "../platform/errors.ts";
import { normalizeForSearch } from "../platform/text.ts";
import type { ProductForm, ProductPictureForm } from "./product-form.ts";

/** A product as the console shows and edits it. */
export type StaffProduct = {
  id: number;
  version: number;
  name: { "en-CA": string; "fr-CA": string };
  description: { "en-CA": string; "fr-CA": string };
  originalPriceCents: number;
  salePriceCents: number;
  onSale: boolean;
  listed: boolean;
  stock: number;
  /** The main picture first. */
  pictures: string[];
};

const columns = {
  id: product.id,
  version: product.version,
  name: product.name,
  description: product.description,
  originalPriceCents: product.originalPriceCents,
  salePriceCents: product.salePriceCents,
  onSale: product.onSale,
  listed: product.listed,
  stock: product.stock,
  image: product.image,
  morePictures: product.morePictures,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

function toStaffProduct({ image, morePictures, ...row }: Row): StaffProduct {
  return { ...row, pictures: [image, ...morePictures] };
}

/** Every product, off sale included, in the shop's order, a page (1-based) of `limit` at a time. */
export async function staffProducts(
  db: Db,
  page: number,
  limit: number,
): Promise<{ rows: StaffProduct[]; pages: number }> {
  const [total] = await db.select({ products: count() }).from(product);
  const rows = await db
    .select(columns)
    .from(product)
    .orderBy(asc(product.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    rows: rows.map(toStaffProduct),
    pages: Math.max(1, Math.ceil((total?.products ?? 0) / limit)),
  };
}

export async function staffProduct(db: Db | Tx, id: number): Promise<StaffProduct> {
  const [row] = await db.select(columns).from(product).where(eq(product.id, id));
  if (!row) throw new AppError("not_found");
  return toStaffProduct(row);
}

/** What the audit trail compares: the editable fields, pictures in order. */
function auditView(item: StaffProduct) {
  const { id, version, ...fields } = item;
  return fields;
}

/**
 * The conditional UPDATE of every staff edit of a product: only on the version the form was opened
 * with (else the 409 naming who saved first), bumping it; `extra` narrows it further.
 */
async function updateProduct(
  tx: Tx,
  id: number,
  version: number,
  set: Partial<typeof product.$inferInsert>,
  extra?: ReturnType<typeof eq>,
): Promise<StaffProduct> {
  const [row] = await tx
    .update(product)
    .set({ ...set, version: sql`${product.version} + 1` })
    .where(and(eq(product.id, id), eq(product.version, version), extra))
    .returning(columns);
  if (row) return toStaffProduct(row);
  throw await actedFirst(tx, { kind: "product", id });
}

/**
 * Saves the product form inside the caller's staff transaction. The stock is set only when staff
 * changed it, and then only if it is still the figure they saw: a checkout's decrement in between
 * is never lost (409 asking to look again). `newPicture` (already cleaned and stored) is added last.
 */
export async function saveProduct(
  tx: Tx,
  id: number,
  form: ProductForm,
  newPicture: string | undefined,
): Promise<{ audit: AuditEntry; result: StaffProduct }> {
  const before = await staffProduct(tx, id);
  const name = { "en-CA": form["name_en-CA"], "fr-CA": form["name_fr-CA"] };
  const stockChanged = form.stock !== form.stockSeen;
  let after: StaffProduct;
  try {
    after = await updateProduct(
      tx,
      id,
      form.version,
      {
        name,
        description: { "en-CA": form["description_en-CA"], "fr-CA": form["description_fr-CA"] },
        searchName: normalizeForSearch(`${name["en-CA"]} ${name["fr-CA"]}`),
        originalPriceCents: form.price,
        // No sale price is stored as the price itself (the table's rule: sale ≤ price).
        salePriceCents: form.salePrice ?? form.price,
        onSale: form.onSale,
        listed: form.listed,
        ...(stockChanged ? { stock: form.stock } : {}),
        ...(newPicture ? { morePictures: [...before.pictures.slice(1), newPicture] } : {}),
      },
      stockChanged ? eq(product.stock, form.stockSeen) : undefined,
    );
  } catch (error) {
    // Lost on the stock alone (the version still matches): an order took some meanwhile.
    if (stockChanged && before.version === form.version && before.stock !== form.stockSeen)
      throw new AppError("conflict", {
        message: "staff.content.problems.stockChanged",
        problems: [{ field: "stock", message: "staff.content.problems.stockChanged" }],
      });
    throw error;
  }
  return {
    audit: {
      action: "product.update",
      target: { kind: "product", id },
      ...auditChanges(auditView(before), auditView(after)),
    },
    result: after,
  };
}

/** Makes one picture the main one, or removes it (the last picture stays: a product shows one). */
export async function changeProductPicture(
  tx: Tx,
  id: number,
  form: ProductPictureForm,
): Promise<{ audit: AuditEntry; result: StaffProduct }> {
  const before = await staffProduct(tx, id);
  if (!before.pictures.includes(form.picture))
    throw new AppError("invalid_parameters", {
      problems: [{ field: "picture", message: "staff.content.problems.picture" }],
    });
  const others = before.pictures.filter((picture) => picture !== form.picture);
  const pictures = form.intent === "picture-first" ? [form.picture, ...others] : others;
  const [image, ...morePictures] = pictures;
  if (!image) throw new AppError("conflict", { message: "staff.content.problems.picture" });
  const after = await updateProduct(tx, id, form.version, { image, morePictures });
  return {
    audit: {
      action: form.intent === "picture-first" ? "product.picture_first" : "product.picture_remove",
      target: { kind: "product", id },
      ...auditChanges(auditView(before), auditView(after)),
    },
    result: after,
  };
}
