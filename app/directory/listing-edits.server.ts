import { and, eq, type SQL, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Db, Tx } from "../db/client.server.ts";
import {
  business,
  businessProduct,
  businessVersion,
  type LocalizedText,
} from "../db/schema/directory.ts";
import { type Actor, actedFirst } from "../platform/audit.server.ts";
import { auditChanges } from "../platform/audit-diff.ts";
import { databaseContext, pageCacheContext } from "../platform/context.ts";
import { AppError } from "../platform/errors.ts";
import type { ListingForm } from "./listing-form.ts";
import { type Manager, type ManagerChange, managerWrite } from "./owners.server.ts";
import { businessSearchColumns } from "./search-columns.ts";

/** The fields of a listing its managers edit: what its public page shows. */
const fieldColumns = {
  name: business.name,
  category: business.category,
  address: business.address,
  city: business.city,
  province: business.province,
  postalCode: business.postalCode,
  phone: business.phone,
  website: business.website,
  contactEmail: business.contactEmail,
  priceFromCents: business.priceFromCents,
  description: business.description,
  ownerName: business.ownerName,
};

export type ListingFields = Pick<typeof business.$inferSelect, keyof typeof fieldColumns>;

export type ListingProduct = {
  name: LocalizedText;
  priceCents: number;
  image: string;
  /** Null on seeded products, and in versions kept before products had one. */
  imageAlt?: LocalizedText | null;
  url: string;
};

/** A version of a listing as `business_version` keeps it: its fields and its products in order. */
export type ListingSnapshot = { fields: ListingFields; products: ListingProduct[] };

/** A listing as its manage page edits it: its fields and the version the form is opened with. */
export type EditableListing = ListingFields & { id: number; version: number };

export const listingTarget = (id: number) => ({ kind: "business", id });

export async function editableListing(db: Db | Tx, id: number): Promise<EditableListing> {
  const [row] = await db
    .select({ id: business.id, version: business.version, ...fieldColumns })
    .from(business)
    .where(eq(business.id, id));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * A listing's products in the carousel's order, as one JSON array: an expression, so the edit's
 * UPDATE reads them in the same statement (see `writeListing`).
 */
function productsArray(businessId: SQL | number): SQL<ListingProduct[]> {
  return sql<ListingProduct[]>`(
    select coalesce(json_agg(json_build_object(
        'name', ${businessProduct.name}, 'priceCents', ${businessProduct.priceCents},
        'image', ${businessProduct.image}, 'imageAlt', ${businessProduct.imageAlt},
        'url', ${businessProduct.url}
      ) order by ${businessProduct.position}), '[]')
    from ${businessProduct} where ${businessProduct.businessId} = ${businessId})`;
}

/** A listing's products in the carousel's order. */
export async function productsOf(db: Db | Tx, id: number): Promise<ListingProduct[]> {
  const [row] = await db.select({ products: productsArray(id) }).from(sql`(values (1)) as one`);
  return row?.products ?? [];
}

/**
 * The one write of every listing edit, inside the caller's transaction: the fields and products
 * given (each left as it is when not given) set only on the
 * version the form was opened with (else the 409 naming who saved first), the search columns and
 * `updated_at` with them (category counts follow by trigger, in the same transaction), and the
 * version kept: the one it replaces, when it was the listing as first listed, and the new one with
 * who made it. The rating and its counts are not among the columns set, so no edit touches them.
 */
export async function writeListing(
  tx: Tx,
  actor: Actor,
  id: number,
  version: number,
  { fields, products }: { fields?: ListingFields; products?: ListingProduct[] },
): Promise<{ before: ListingSnapshot; after: ListingSnapshot; version: number }> {
  // The listing as it was, read and locked by the UPDATE itself (one statement, not three: an
  // owner's save waits for fewer round trips while visitors' searches keep the cores busy).
  const old = tx
    .select({
      id: business.id,
      ...fieldColumns,
      // Qualified: inside a subquery drizzle names columns bare, and a bare "id" would be the product's.
      products: productsArray(sql`${business}.${sql.identifier("id")}`).as("products"),
    })
    .from(business)
    .where(eq(business.id, id))
    .for("update")
    .as("old");
  const [row] = await tx
    .update(business)
    .set({
      ...(fields && { ...fields, ...businessSearchColumns(fields) }),
      updatedAt: sql`now()`,
      version: sql`${business.version} + 1`,
    })
    .from(old)
    .where(and(eq(business.id, old.id), eq(business.version, version)))
    .returning({
      version: business.version,
      ...Object.fromEntries(
        Object.keys(fieldColumns).map((key) => [key, old[key as keyof ListingFields]]),
      ),
      products: old.products,
    } as { version: typeof business.version } & Pick<typeof old, keyof ListingFields | "products">);
  if (!row) {
    await editableListing(tx, id); // the 404 for a listing that is not there
    throw await actedFirst(tx, listingTarget(id));
  }
  const { version: _, products: beforeProducts, ...beforeFields } = row;
  const before = { fields: beforeFields, products: beforeProducts };
  if (products) {
    await tx.delete(businessProduct).where(eq(businessProduct.businessId, id));
    if (products.length > 0)
      await tx
        .insert(businessProduct)
        .values(
          products.map((product, index) => ({ ...product, businessId: id, position: index + 1 })),
        );
  }
  const after = { fields: fields ?? before.fields, products: products ?? before.products };
  // Both in one statement. The listing before its first edit was made by no one here (seeded, or
  // added and approved): kept when its version is not yet. The new one must be new: a row already
  // there fails the save, and the UPDATE with it.
  await tx.execute(sql`
    insert into ${businessVersion} (business_id, version, snapshot, actor_id, actor_role)
    select ${id}::integer, ${version}::integer, ${before}::jsonb, null, null
    where not exists (
      select from ${businessVersion}
      where ${businessVersion.businessId} = ${id} and ${businessVersion.version} = ${version})
    union all
    select ${id}, ${row.version}, ${after}::jsonb, ${actor.id}, ${actor.role}`);
  return { before, after, version: row.version };
}

/** The fields as the listing form gives them; an empty description is kept empty (see getBusiness). */
function fieldsOf(form: ListingForm): ListingFields {
  return {
    name: form.name,
    category: form.category,
    address: form.address,
    city: form.city,
    province: form.province,
    postalCode: form.postalCode,
    phone: form.phone,
    website: form.website,
    contactEmail: form.contactEmail,
    priceFromCents: form.priceFrom,
    description: { "en-CA": form["description_en-CA"], "fr-CA": form["description_fr-CA"] },
    ownerName: form.ownerName,
  };
}

/** A manager's save of the listing form, inside `managerWrite`: audit row `business.update`. */
export async function saveListing(
  tx: Tx,
  manager: Manager,
  form: ListingForm,
): Promise<ManagerChange<{ version: number }>> {
  const { before, after, version } = await writeListing(
    tx,
    manager,
    manager.businessId,
    form.version,
    { fields: fieldsOf(form) },
  );
  return {
    audit: {
      action: "business.update",
      target: listingTarget(manager.businessId),
      ...auditChanges(before.fields, after.fields),
    },
    result: { version },
  };
}

/**
 * A manager's write, then this process's cache of visitors' pages cleared once it has committed,
 * so the next visitor sees the listing as it now is (other processes within the cache's seconds).
 */
export async function listingWrite<T>(
  context: Readonly<RouterContextProvider>,
  manager: Manager,
  action: (tx: Tx) => Promise<ManagerChange<T>>,
): Promise<T> {
  const result = await managerWrite(context.get(databaseContext), manager, action);
  context.get(pageCacheContext).clear();
  return result;
}
