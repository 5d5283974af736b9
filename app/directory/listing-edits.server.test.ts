import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, DatabaseHandle } from "../db/client.server.ts";
import { business, businessOwner, businessVersion } from "../db/schema/directory.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { CLIENT_IP_HEADER } from "../platform/config.server.ts";
import { isAppError } from "../platform/errors.ts";
import {
  businessRowsBetween,
  countBusinessesByCategory,
  getBusiness,
  searchBusinesses,
} from "./businesses.server.ts";
import { editableListing, saveListing } from "./listing-edits.server.ts";
import { type ListingForm, listingFormSchema } from "./listing-form.ts";
import { type Manager, managerWrite, requireBusinessManager } from "./owners.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { listingVersions, restoreListing } from "./staff.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

// An owner's and staff's edits of a listing, against PostgreSQL: what changes with them in the
// same transaction (search, category counts, sitemap), what does not (the rating), the audit trail,
// the versions kept and staff's restore of one.

let database: DatabaseHandle;
let businessId = 0;

async function insertPlayer(id: string, { role = "player", twoFactor = false } = {}) {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age, role, two_factor_enabled)
        values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`}, 30,
                ${role}, ${twoFactor})`,
  );
}

const request = () =>
  new Request("http://site.test/", { headers: { [CLIENT_IP_HEADER]: "10.0.0.1" } });
const manager = (id: string) => requireBusinessManager(database.db, { id }, businessId, request());

/** The form as the page sends it, from the listing as it is, with `changes`. */
async function formWith(changes: Record<string, string>): Promise<ListingForm> {
  const listing = await editableListing(database.db, businessId);
  return listingFormSchema.parse({
    version: String(listing.version),
    name: listing.name,
    category: listing.category,
    address: listing.address,
    city: listing.city,
    province: listing.province,
    postalCode: listing.postalCode,
    phone: listing.phone ?? "",
    website: listing.website ?? "",
    contactEmail: listing.contactEmail ?? "",
    priceFrom: (listing.priceFromCents / 100).toFixed(2),
    "description_en-CA": listing.description["en-CA"],
    "description_fr-CA": listing.description["fr-CA"],
    ownerName: listing.ownerName,
    ...changes,
  });
}

const save = async (who: Manager, form: ListingForm) =>
  managerWrite(database.db, who, (tx) => saveListing(tx, who, form));

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const auditRows = () =>
  database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.targetKind, "business"), eq(auditEvent.targetId, String(businessId))))
    .orderBy(auditEvent.id);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ slug: "edited", name: "Chez Ginette", rating: 4.5 }),
      fixtureBusiness({ slug: "neighbour", name: "Neighbour" }),
    ]),
  ]);
  const [row] = await database.db
    .select({ id: business.id })
    .from(business)
    .where(eq(business.slug, "edited"));
  businessId = row?.id ?? 0;
  await insertPlayer("owner");
  await insertPlayer("stranger");
  await insertPlayer("moderator", { role: "moderator", twoFactor: true });
  await database.db.insert(businessOwner).values({ businessId, userId: "owner", via: "code" });
  // Added long ago, so the sitemap's lastmod visibly moves with an edit.
  await database.db
    .update(business)
    .set({ updatedAt: new Date("2025-01-01T00:00:00Z") })
    .where(eq(business.id, businessId));
});

afterAll(() => database?.close());

describe("an owner's edit", () => {
  test("changes the fields, keeps the rating, writes the audit row and keeps both versions", async () => {
    const owner = await manager("owner");
    const before = await getBusiness(database.db, businessId);
    const result = await save(
      owner,
      await formWith({
        name: "Chez Ginette et fils",
        "description_en-CA": "Now open on Sundays.",
        phone: "514 555 0123",
        postalCode: "m5v2t6",
      }),
    );
    expect(result.version).toBe(1);

    const after = await getBusiness(database.db, businessId);
    expect(after.name).toBe("Chez Ginette et fils");
    expect(after.description["en-CA"]).toBe("Now open on Sundays.");
    expect(after.phone).toBe("+15145550123");
    expect(after.postalCode).toBe("M5V 2T6");
    expect(after.rating).toBe(before.rating);
    expect(after.reviewCount).toBe(before.reviewCount);

    const [audit] = await auditRows();
    expect(audit).toMatchObject({
      actorId: "owner",
      actorRole: "owner",
      action: "business.update",
      clientAddress: "10.0.0.1",
    });
    // Only the changed fields, before and after.
    expect(audit?.before).toEqual({
      name: "Chez Ginette",
      phone: null,
      postalCode: "M5V 1A1",
      description: { "en-CA": "A place for tests.", "fr-CA": "Un lieu pour les tests." },
    });
    expect(audit?.after).toMatchObject({ name: "Chez Ginette et fils", postalCode: "M5V 2T6" });

    const versions = await listingVersions(database.db, businessId);
    expect(versions.map((version) => [version.version, version.by?.role ?? null])).toEqual([
      [1, "owner"],
      [0, null],
    ]);
    expect(versions[1]?.snapshot.fields.name).toBe("Chez Ginette");
    expect(versions[1]?.snapshot.products).toHaveLength(2);
  });

  test("search finds the new name, and the sitemap's lastmod moved, in the same transaction", async () => {
    const found = await searchBusinesses(
      database.db,
      { title: "ginette et fils", location: "" },
      { limit: 10 },
    );
    expect(found.items.map((item) => item.id)).toEqual([businessId]);
    const [row] = await businessRowsBetween(database.db, businessId - 1, businessId, 1);
    expect(row?.lastmod.getTime()).toBeGreaterThan(new Date("2025-06-01").getTime());
  });

  test("a category change moves the counts; a failed save moves nothing", async () => {
    const owner = await manager("owner");
    const counts = await countBusinessesByCategory(database.db);
    await save(owner, await formWith({ category: "shopping" }));
    const moved = await countBusinessesByCategory(database.db);
    expect(moved.restaurants).toBe(counts.restaurants - 1);
    expect(moved.shopping).toBe(counts.shopping + 1);

    // The save that fails after its UPDATE (a stale form is refused before; this one is rolled
    // back by the version row's key) leaves the counts and the listing as they were.
    const stale = await formWith({ category: "nightlife" });
    await database.db.insert(businessVersion).values({
      businessId,
      version: stale.version + 1,
      snapshot: {},
    });
    await expect(save(owner, stale)).rejects.toThrow();
    expect(await countBusinessesByCategory(database.db)).toEqual(moved);
    expect((await editableListing(database.db, businessId)).category).toBe("shopping");
    await database.db
      .delete(businessVersion)
      .where(
        and(
          eq(businessVersion.businessId, businessId),
          eq(businessVersion.version, stale.version + 1),
        ),
      );
  });

  test("is four statements in its transaction: the manager's check, the UPDATE that reads the listing as it was, both versions, the audit row", async () => {
    const sent: string[] = [];
    const logged = drizzle({
      client: database.db.$client,
      casing: "snake_case",
      logger: { logQuery: (query) => sent.push(query.trim().split(/\s+/)[0] ?? "") },
    }) as unknown as Database;
    const owner = await manager("owner");
    const form = await formWith({ "description_en-CA": "Counted." });
    sent.length = 0;
    await managerWrite(logged, owner, (tx) => saveListing(tx, owner, form));
    // Each statement is a round trip that waits for a core while visitors search (the bench's
    // owners rows): the listing's read and its products ride on the UPDATE, the two versions on
    // one INSERT.
    expect(sent).toEqual(["begin", "select", "update", "insert", "insert", "commit"]);
    const versions = await listingVersions(database.db, businessId);
    expect(versions[0]?.snapshot.fields.description["en-CA"]).toBe("Counted.");
    expect(versions[1]?.version).toBe(form.version);
  });

  test("a form opened before someone else saved is refused with a 409, changing nothing", async () => {
    const owner = await manager("owner");
    const opened = await formWith({ name: "Typed on an old form" });
    await save(owner, await formWith({ city: "Ottawa" }));
    const audits = (await auditRows()).length;
    const error = await refusal(save(owner, opened));
    expect(error.status).toBe(409);
    expect(error.code).toBe("already_handled");
    const listing = await editableListing(database.db, businessId);
    expect(listing.name).toBe("Chez Ginette et fils");
    expect(listing.city).toBe("Ottawa");
    expect(await auditRows()).toHaveLength(audits);
  });

  test("of ten saves at once on the same form, one is kept and nine get the 409", async () => {
    const owner = await manager("owner");
    const forms = await Promise.all(
      Array.from({ length: 10 }, (_, i) => formWith({ ownerName: `Racer ${i}` })),
    );
    const versionsBefore = (await listingVersions(database.db, businessId)).length;
    const results = await Promise.allSettled(forms.map((form) => save(owner, form)));
    const kept = results.flatMap((result, i) => (result.status === "fulfilled" ? [i] : []));
    expect(kept).toHaveLength(1);
    for (const result of results)
      if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
    expect((await editableListing(database.db, businessId)).ownerName).toBe(`Racer ${kept[0]}`);
    expect(await listingVersions(database.db, businessId)).toHaveLength(versionsBefore + 1);
  });
});

describe("who may edit", () => {
  test("a stranger gets the 404 and changes nothing", async () => {
    const error = await refusal(manager("stranger"));
    expect(error.status).toBe(404);
    // Even with a manager made up for them, the write's own check refuses.
    const forged: Manager = { id: "stranger", role: "owner", businessId, clientAddress: null };
    const before = await editableListing(database.db, businessId);
    expect((await refusal(save(forged, await formWith({ name: "Stolen" })))).status).toBe(404);
    expect(await editableListing(database.db, businessId)).toEqual(before);
  });

  test("staff edit in their own role", async () => {
    const moderator = await manager("moderator");
    await save(moderator, await formWith({ ownerName: "Ginette Tremblay" }));
    const last = (await auditRows()).at(-1);
    expect(last).toMatchObject({ actorId: "moderator", actorRole: "moderator" });
    expect((await listingVersions(database.db, businessId))[0]?.by?.role).toBe("moderator");
  });
});

describe("staff's restore", () => {
  test("brings back an earlier version as a new one, products included, with its audit row", async () => {
    const current = await editableListing(database.db, businessId);
    const staff = { id: "moderator", role: "moderator", clientAddress: null };
    const restored = await database.db.transaction(async (tx) => {
      const { audit, result } = await restoreListing(tx, staff, businessId, 0, current.version);
      expect(audit.action).toBe("business.restore");
      expect(audit.after).toMatchObject({ name: "Chez Ginette", category: "restaurants" });
      return result;
    });
    expect(restored.version).toBe(current.version + 1);
    const listing = await getBusiness(database.db, businessId);
    expect(listing.name).toBe("Chez Ginette");
    expect(listing.city).toBe("Toronto");
    expect(listing.category).toBe("restaurants");
    expect(listing.products.map((product) => product.name["en-CA"])).toEqual([
      "Thing",
      "Other thing",
    ]);
    const versions = await listingVersions(database.db, businessId);
    expect(versions[0]).toMatchObject({ version: restored.version, by: { role: "moderator" } });
  });

  test("refuses a version the page did not show as current (409) and one that is not kept (404)", async () => {
    const staff = { id: "moderator", role: "moderator", clientAddress: null };
    const { version } = await editableListing(database.db, businessId);
    const stale = await refusal(
      database.db.transaction((tx) => restoreListing(tx, staff, businessId, 1, version - 1)),
    );
    expect(stale.status).toBe(409);
    const missing = await refusal(
      database.db.transaction((tx) => restoreListing(tx, staff, businessId, 999, version)),
    );
    expect(missing.status).toBe(404);
  });
});

describe("the listing form", () => {
  test("takes one description, and refuses none, a postal code of another province, a bad website", async () => {
    const ok = await formWith({ "description_fr-CA": "", "description_en-CA": "English only." });
    expect(ok["description_fr-CA"]).toBe("");
    const problems = (changes: Record<string, string>) =>
      formWith(changes).then(
        () => [],
        (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
          error.issues.map((issue) => [issue.path.join("."), issue.message]),
      );
    expect(await problems({ "description_en-CA": " ", "description_fr-CA": "" })).toEqual([
      ["description_en-CA", "manage.listing.problems.description"],
    ]);
    expect(await problems({ postalCode: "H2X 1Y4" })).toEqual([
      ["postalCode", "manage.listing.problems.postalCodeProvince"],
    ]);
    expect(await problems({ website: "javascript:alert(1)" })).toEqual([
      ["website", "manage.listing.problems.website"],
    ]);
    expect(await problems({ phone: "555" })).toEqual([["phone", "manage.listing.problems.phone"]]);
  });

  test("the public page shows the one description in both languages", async () => {
    const owner = await manager("owner");
    await save(
      owner,
      await formWith({ "description_en-CA": "", "description_fr-CA": "Seulement en français." }),
    );
    const page = await getBusiness(database.db, businessId);
    expect(page.description).toEqual({
      "en-CA": "Seulement en français.",
      "fr-CA": "Seulement en français.",
    });
  });
});
