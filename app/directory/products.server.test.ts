import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import {
  business,
  businessOwner,
  businessProduct,
  businessVersion,
} from "../db/schema/directory.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { CLIENT_IP_HEADER } from "../platform/config.server.ts";
import { isAppError } from "../platform/errors.ts";
import { validate } from "../platform/input.server.ts";
import { getBusiness } from "./businesses.server.ts";
import { type Manager, managerWrite, requireBusinessManager } from "./owners.server.ts";
import { PRODUCT_LIMITS } from "./product-fields.ts";
import { productFormSchema, productMoveSchema, promotionFormSchema } from "./product-form.ts";
import {
  managedProducts,
  moveProduct,
  removePromotion,
  saveProduct,
  savePromotion,
} from "./products.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

// The products of a listing's carousel as its managers change them, against PostgreSQL: each change
// a version of the listing, audited, with positions 1…n kept unique even when two land at once.

let database: DatabaseHandle;
let businessId = 0;

async function insertPlayer(id: string) {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age)
        values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`}, 30)`,
  );
}

const request = () =>
  new Request("http://site.test/", { headers: { [CLIENT_IP_HEADER]: "10.0.0.1" } });
const owner = () => requireBusinessManager(database.db, { id: "owner" }, businessId, request());

const picture = () => new File([new Uint8Array([1, 2, 3])], "mug.jpg", { type: "image/jpeg" });

/** The product form as the page sends it. */
const productForm = (fields: Record<string, string | File>) => ({
  intent: "add",
  "name_en-CA": "Mug",
  "name_fr-CA": "",
  price: "12.50",
  url: "https://example.com/mug",
  "alt_en-CA": "A blue mug",
  "alt_fr-CA": "",
  picture: picture(),
  ...fields,
});

const currentVersion = async () => (await managedProducts(database.db, businessId)).version;

async function add(who: Manager, fields: Record<string, string | File> = {}) {
  const form = await validate(
    productFormSchema,
    productForm({ version: String(await currentVersion()), ...fields }),
  );
  return managerWrite(database.db, who, (tx) =>
    saveProduct(tx, who, form, `/uploads/content/${form["name_en-CA"] || "x"}.jpg`),
  );
}

async function move(who: Manager, intent: string, index: number, version?: number) {
  const form = await validate(productMoveSchema, {
    intent,
    index: String(index),
    version: String(version ?? (await currentVersion())),
  });
  return managerWrite(database.db, who, (tx) => moveProduct(tx, who, form));
}

const names = async () =>
  (await managedProducts(database.db, businessId)).products.map((product) => product.name["en-CA"]);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const lastAudit = async () => {
  const [row] = await database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.targetKind, "business"), eq(auditEvent.targetId, String(businessId))))
    .orderBy(sql`${auditEvent.id} desc`)
    .limit(1);
  return row;
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [fixtureFile("restaurants", [fixtureBusiness()])]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
  // From an empty carousel: the fixture's seeded products are not this test's.
  await database.db.delete(businessProduct).where(eq(businessProduct.businessId, businessId));
  await insertPlayer("owner");
  await insertPlayer("stranger");
  await database.db.insert(businessOwner).values({ businessId, userId: "owner", via: "code" });
});

afterAll(() => database?.close());

describe("a listing's products", () => {
  test("an owner adds one: shown on the public page, audited, and kept as a version", async () => {
    const who = await owner();
    const { version } = await add(who, { "name_en-CA": "", "name_fr-CA": "Tasse bleue" });
    const page = await getBusiness(database.db, businessId);
    expect(page.products).toEqual([
      expect.objectContaining({
        // Given in French only: English readers see the French name.
        name: { "en-CA": "Tasse bleue", "fr-CA": "Tasse bleue" },
        imageAlt: { "en-CA": "A blue mug", "fr-CA": "A blue mug" },
        priceCents: 1250,
        url: "https://example.com/mug",
        image: "/uploads/content/x.jpg",
      }),
    ]);
    expect(await lastAudit()).toMatchObject({
      actorId: "owner",
      actorRole: "owner",
      action: "business.product_add",
    });
    const [kept] = await database.db
      .select({ snapshot: businessVersion.snapshot })
      .from(businessVersion)
      .where(and(eq(businessVersion.businessId, businessId), eq(businessVersion.version, version)));
    expect(kept?.snapshot).toMatchObject({ products: [{ name: { "fr-CA": "Tasse bleue" } }] });
  });

  test("an edit keeps the picture unless a new one is given", async () => {
    const who = await owner();
    const form = await validate(
      productFormSchema,
      productForm({
        intent: "edit",
        index: "0",
        version: String(await currentVersion()),
        "name_en-CA": "Blue mug",
        price: "9,99",
        picture: new File([], ""),
      }),
    );
    await managerWrite(database.db, who, (tx) => saveProduct(tx, who, form, undefined));
    const [product] = (await managedProducts(database.db, businessId)).products;
    expect(product).toMatchObject({
      name: { "en-CA": "Blue mug", "fr-CA": "" },
      priceCents: 999,
      image: "/uploads/content/x.jpg",
    });
    expect(await lastAudit()).toMatchObject({
      action: "business.product_update",
      before: { priceCents: 1250 },
      after: { priceCents: 999 },
    });
  });

  test("moves up and down, and removes, keeping positions 1…n", async () => {
    const who = await owner();
    await add(who, { "name_en-CA": "Plate" });
    await add(who, { "name_en-CA": "Bowl" });
    expect(await names()).toEqual(["Blue mug", "Plate", "Bowl"]);
    await move(who, "up", 2);
    expect(await names()).toEqual(["Blue mug", "Bowl", "Plate"]);
    await move(who, "down", 0);
    expect(await names()).toEqual(["Bowl", "Blue mug", "Plate"]);
    expect(await lastAudit()).toMatchObject({
      action: "business.product_move",
      before: { position: 1 },
      after: { position: 2 },
    });
    await move(who, "remove", 1);
    expect(await names()).toEqual(["Bowl", "Plate"]);
    expect(await lastAudit()).toMatchObject({ action: "business.product_remove" });
    const positions = await database.db
      .select({ position: businessProduct.position })
      .from(businessProduct)
      .where(eq(businessProduct.businessId, businessId))
      .orderBy(businessProduct.position);
    expect(positions.map((row) => row.position)).toEqual([1, 2]);
  });

  test("two moves sent at once from the same page: one is saved, the other is a 409", async () => {
    const who = await owner();
    await add(who, { "name_en-CA": "Cup" });
    const version = await currentVersion();
    const results = await Promise.allSettled([
      move(who, "up", 2, version),
      move(who, "down", 0, version),
      move(who, "up", 1, version),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((result) => result.status === "rejected"))
      expect(result.reason).toMatchObject({ code: "already_handled" });
    const positions = await database.db
      .select({ position: businessProduct.position })
      .from(businessProduct)
      .where(eq(businessProduct.businessId, businessId))
      .orderBy(businessProduct.position);
    expect(positions.map((row) => row.position)).toEqual([1, 2, 3]);
  });

  test(`holds at most ${PRODUCT_LIMITS.count}: one more is refused with a message`, async () => {
    const who = await owner();
    for (let count = (await names()).length; count < PRODUCT_LIMITS.count; count++)
      await add(who, { "name_en-CA": `Item ${count}` });
    const full = await refusal(add(who, { "name_en-CA": "One too many" }));
    expect(full).toMatchObject({ code: "conflict", messageKey: "manage.products.problems.full" });
    expect(await names()).toHaveLength(PRODUCT_LIMITS.count);
  });

  test("a stranger cannot manage the products (404), nor an owner removed since", async () => {
    expect(
      await refusal(requireBusinessManager(database.db, { id: "stranger" }, businessId, request())),
    ).toMatchObject({ code: "not_found" });
    const who = await owner();
    const before = await names();
    await database.db.delete(businessOwner).where(eq(businessOwner.userId, "owner"));
    expect(await refusal(move(who, "remove", 0))).toMatchObject({ code: "not_found" });
    expect(await names()).toEqual(before);
    await database.db.insert(businessOwner).values({ businessId, userId: "owner", via: "code" });
  });
});

describe("the product form", () => {
  const problems = async (fields: Record<string, string | File>) =>
    (
      (await refusal(validate(productFormSchema, productForm({ version: "0", ...fields })))).options
        .problems ?? []
    ).map((problem) => [problem.field, problem.message]);

  test.each(["", "abc", "12.345", "-1", "1234567", "12.5.0"])(
    "refuses the price %j with the price's message",
    async (price) => {
      expect(await problems({ price })).toEqual([["price", "manage.products.problems.price"]]);
    },
  );

  test("refuses wrong fields in the page's order, the first one shown", async () => {
    expect(
      await problems({
        "name_en-CA": "x".repeat(PRODUCT_LIMITS.name + 1),
        price: "twelve",
        url: "javascript:alert(1)",
      }),
    ).toEqual([
      ["name_en-CA", "manage.products.problems.name"],
      ["price", "manage.products.problems.price"],
      ["url", "manage.products.problems.url"],
    ]);
  });

  test("asks for a name, a picture to add and its text, in at least one language", async () => {
    expect(
      await problems({
        "name_en-CA": "",
        "alt_en-CA": "",
        picture: new File([], ""),
      }),
    ).toEqual([
      ["name_en-CA", "manage.products.problems.name"],
      ["picture", "manage.products.problems.picture"],
      ["alt_en-CA", "manage.products.problems.alt"],
    ]);
    expect(await problems({ url: "ftp://example.com/mug" })).toEqual([
      ["url", "manage.products.problems.url"],
    ]);
  });
});

describe("a listing's promotion", () => {
  const promotionForm = (fields: Record<string, string>) =>
    validate(promotionFormSchema, {
      intent: "promotion",
      "title_en-CA": "Spring sale",
      "title_fr-CA": "",
      "description_en-CA": "Ten percent off every mug.",
      "description_fr-CA": "Dix pour cent de rabais sur les tasses.",
      startsOn: "2026-03-02",
      endsOn: "2026-03-10",
      ...fields,
    });
  const saveWith = async (fields: Record<string, string>, picture?: string) => {
    const who = await owner();
    const form = await promotionForm(fields);
    return managerWrite(database.db, who, (tx) => savePromotion(tx, who, form, picture));
  };
  // The fixture's listing is in Toronto: UTC−5 in early March, UTC−4 from the 8th.
  const shownAt = async (now: string) =>
    (await getBusiness(database.db, businessId, new Date(now))).promo;

  test("is shown on the page from its first day to its last, in the listing's time zone", async () => {
    await saveWith({}, "/uploads/content/spring.jpg");
    expect(await shownAt("2026-03-02T04:59:00Z")).toBeNull();
    expect(await shownAt("2026-03-02T05:00:00Z")).toEqual({
      // Given in English only: French readers see the English title.
      title: { "en-CA": "Spring sale", "fr-CA": "Spring sale" },
      description: {
        "en-CA": "Ten percent off every mug.",
        "fr-CA": "Dix pour cent de rabais sur les tasses.",
      },
      image: "/uploads/content/spring.jpg",
      endsOn: "2026-03-10",
    });
    expect(await shownAt("2026-03-11T03:59:00Z")).not.toBeNull();
    expect(await shownAt("2026-03-11T04:00:00Z")).toBeNull();
    expect(await lastAudit()).toMatchObject({
      actorId: "owner",
      action: "business.promotion_update",
      after: { startsOn: "2026-03-02", endsOn: "2026-03-10", image: "/uploads/content/spring.jpg" },
    });
  });

  test("an edit keeps the picture; its days in the wrong order are refused", async () => {
    await saveWith({ endsOn: "2026-03-20" });
    expect((await managedProducts(database.db, businessId)).promotion).toMatchObject({
      image: "/uploads/content/spring.jpg",
      endsOn: "2026-03-20",
    });
    const wrong = await refusal(promotionForm({ startsOn: "2026-03-20", endsOn: "2026-03-19" }));
    expect(wrong.options.problems).toEqual([
      { field: "endsOn", message: "manage.promotion.problems.order" },
    ]);
    const noDay = await refusal(promotionForm({ startsOn: "", endsOn: "2026-02-30" }));
    expect(noDay.options.problems?.map((problem) => problem.message)).toEqual([
      "manage.promotion.problems.startsOn",
      "manage.promotion.problems.endsOn",
    ]);
    // The table refuses it too, whatever writes it.
    await expect(
      database.db
        .update(business)
        .set({ promoStartsOn: "2026-03-20", promoEndsOn: "2026-03-19" })
        .where(eq(business.id, businessId)),
    ).rejects.toMatchObject({ cause: { constraint: "business_promo_dates" } });
  });

  test("removed, it is gone from the page; a new one needs a picture", async () => {
    const who = await owner();
    await managerWrite(database.db, who, (tx) => removePromotion(tx, who));
    expect(await shownAt("2026-03-05T12:00:00Z")).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: "business.promotion_remove" });
    const noPicture = await refusal(saveWith({}));
    expect(noPicture.options.problems).toEqual([
      { field: "picture", message: "manage.promotion.problems.picture" },
    ]);
  });

  test("a seeded promotion, without days, is shown every day", async () => {
    // As the seed writes one: title, text and picture, no days.
    await database.db
      .update(business)
      .set({
        promoTitle: { "en-CA": "Always", "fr-CA": "Toujours" },
        promoDescription: { "en-CA": "On", "fr-CA": "Oui" },
        promoImage: "/images/directory/restaurants-promo.svg",
      })
      .where(eq(business.id, businessId));
    expect(await shownAt("2020-01-01T00:00:00Z")).toMatchObject({ endsOn: null });
    expect(await shownAt("2040-01-01T00:00:00Z")).not.toBeNull();
  });
});
