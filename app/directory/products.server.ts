import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business } from "../db/schema/directory.ts";
import { actedFirst } from "../platform/audit.server.ts";
import { auditChanges } from "../platform/audit-diff.ts";
import { AppError } from "../platform/errors.ts";
import {
  type ListingProduct,
  listingTarget,
  productsOf,
  writeListing,
} from "./listing-edits.server.ts";
import type { Manager, ManagerChange } from "./owners.server.ts";
import { PRODUCT_LIMITS } from "./product-fields.ts";
import type { ProductForm, ProductMove, PromotionForm } from "./product-form.ts";

/** The promotion's columns, as its form edits them and the audit trail records them. */
const promotionColumns = {
  title: business.promoTitle,
  description: business.promoDescription,
  image: business.promoImage,
  startsOn: business.promoStartsOn,
  endsOn: business.promoEndsOn,
};

/**
 * A listing's products as its manage page lists them, with the version the page saves on, and
 * its promotion (null when it has none).
 */
export async function managedProducts(db: Db | Tx, businessId: number) {
  const [row] = await db
    .select({ version: business.version, promotion: promotionColumns })
    .from(business)
    .where(eq(business.id, businessId));
  if (!row) throw new AppError("not_found");
  const { title, description, image } = row.promotion;
  return {
    version: row.version,
    products: await productsOf(db, businessId),
    promotion:
      title && description && image ? { ...row.promotion, title, description, image } : null,
  };
}

function productOf(form: ProductForm, image: string): ListingProduct {
  return {
    name: { "en-CA": form["name_en-CA"], "fr-CA": form["name_fr-CA"] },
    priceCents: form.price,
    image,
    imageAlt: { "en-CA": form["alt_en-CA"], "fr-CA": form["alt_fr-CA"] },
    url: form.url,
  };
}

/**
 * The products in their new order, written as a version of the listing (the listing form's one
 * path: saved only on the version the page was opened with, so two managers' changes, even two
 * moves at once, never interleave and positions stay 1…n), with the audit row of what changed.
 */
async function writeProducts(
  tx: Tx,
  manager: Manager,
  version: number,
  action: string,
  products: ListingProduct[],
  changes: { before?: unknown; after?: unknown },
): Promise<ManagerChange<{ version: number }>> {
  const written = await writeListing(tx, manager, manager.businessId, version, { products });
  return {
    audit: { action, target: listingTarget(manager.businessId), ...changes },
    result: { version: written.version },
  };
}

/**
 * The product at `index` of the page the manager saw. One that is not there means the list
 * changed since (another manager's edit): the 409 naming who saved first.
 */
async function productAt(tx: Tx, products: ListingProduct[], index: number, businessId: number) {
  const product = products[index];
  if (!product) throw await actedFirst(tx, listingTarget(businessId));
  return product;
}

/**
 * A manager adds a product at the end of the carousel, or edits one (its picture kept unless a
 * new one was uploaded): audit rows `business.product_add`, `business.product_update`. The
 * carousel holds at most PRODUCT_LIMITS.count products.
 */
export async function saveProduct(
  tx: Tx,
  manager: Manager,
  form: ProductForm,
  picture: string | undefined,
): Promise<ManagerChange<{ version: number }>> {
  const products = await productsOf(tx, manager.businessId);
  if (form.intent === "add") {
    // The form requires a picture to add; a request without one is refused as the form would.
    if (!picture)
      throw new AppError("invalid_parameters", {
        problems: [{ field: "picture", message: "manage.products.problems.picture" }],
      });
    if (products.length >= PRODUCT_LIMITS.count)
      throw new AppError("conflict", {
        message: "manage.products.problems.full",
        values: { max: PRODUCT_LIMITS.count },
      });
    const added = productOf(form, picture);
    return writeProducts(tx, manager, form.version, "business.product_add", [...products, added], {
      after: { position: products.length + 1, ...added },
    });
  }
  const index = form.index ?? 0;
  const old = await productAt(tx, products, index, manager.businessId);
  const edited = productOf(form, picture ?? old.image);
  return writeProducts(
    tx,
    manager,
    form.version,
    "business.product_update",
    products.with(index, edited),
    auditChanges(old, edited),
  );
}

/**
 * A manager moves a product one place up or down the carousel, or removes it: audit rows
 * `business.product_move`, `business.product_remove`. Moving the first up or the last down
 * changes nothing and writes nothing.
 */
export async function moveProduct(
  tx: Tx,
  manager: Manager,
  form: ProductMove,
): Promise<ManagerChange<{ version: number }>> {
  const products = await productsOf(tx, manager.businessId);
  const product = await productAt(tx, products, form.index, manager.businessId);
  if (form.intent === "remove")
    return writeProducts(
      tx,
      manager,
      form.version,
      "business.product_remove",
      products.toSpliced(form.index, 1),
      { before: { position: form.index + 1, ...product } },
    );
  const to = form.intent === "up" ? form.index - 1 : form.index + 1;
  const other = products[to];
  if (!other) return { audit: [], result: { version: form.version } };
  return writeProducts(
    tx,
    manager,
    form.version,
    "business.product_move",
    products.with(to, product).with(form.index, other),
    { before: { position: form.index + 1 }, after: { position: to + 1, name: product.name } },
  );
}

/** The listing's promotion as it is, its row locked until the change commits. */
async function promotionOf(tx: Tx, businessId: number) {
  const [row] = await tx
    .select(promotionColumns)
    .from(business)
    .where(eq(business.id, businessId))
    .for("update");
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * A manager sets the listing's promotion (its picture kept unless a new one was uploaded; one is
 * required while it has none): audit row `business.promotion_update`. The promotion is not part
 * of the listing's versions (decision 0067), so it saves without the listing's version: the last
 * save wins, and the audit trail keeps what each replaced.
 */
export async function savePromotion(
  tx: Tx,
  manager: Manager,
  form: PromotionForm,
  picture: string | undefined,
): Promise<ManagerChange<null>> {
  const before = await promotionOf(tx, manager.businessId);
  const image = picture ?? before.image;
  if (!image)
    throw new AppError("invalid_parameters", {
      problems: [{ field: "picture", message: "manage.promotion.problems.picture" }],
    });
  const after = {
    title: { "en-CA": form["title_en-CA"], "fr-CA": form["title_fr-CA"] },
    description: { "en-CA": form["description_en-CA"], "fr-CA": form["description_fr-CA"] },
    image,
    startsOn: form.startsOn,
    endsOn: form.endsOn,
  };
  await writePromotion(tx, manager.businessId, after);
  return {
    audit: {
      action: "business.promotion_update",
      target: listingTarget(manager.businessId),
      ...auditChanges(before, after),
    },
    result: null,
  };
}

/** A manager takes the promotion down: audit row `business.promotion_remove`. */
export async function removePromotion(tx: Tx, manager: Manager): Promise<ManagerChange<null>> {
  const before = await promotionOf(tx, manager.businessId);
  await writePromotion(tx, manager.businessId, {
    title: null,
    description: null,
    image: null,
    startsOn: null,
    endsOn: null,
  });
  return {
    audit: {
      action: "business.promotion_remove",
      target: listingTarget(manager.businessId),
      before,
    },
    result: null,
  };
}

/** The promotion's columns set, and `updated_at` with them: the page changed (sitemap lastmod). */
async function writePromotion(
  tx: Tx,
  businessId: number,
  promotion: {
    [K in keyof typeof promotionColumns]: (typeof promotionColumns)[K]["_"]["data"] | null;
  },
) {
  await tx
    .update(business)
    .set({
      promoTitle: promotion.title,
      promoDescription: promotion.description,
      promoImage: promotion.image,
      promoStartsOn: promotion.startsOn,
      promoEndsOn: promotion.endsOn,
      updatedAt: sql`now()`,
    })
    .where(eq(business.id, businessId));
}
