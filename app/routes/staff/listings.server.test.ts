// "Add your business" from the form's schema to the console's decision, against PostgreSQL: a new
// listing waits unlisted (out of search, counts, the sitemap, and 404 to strangers), and staff
// approve or reject it through staffWrite as the console page does. Here (beside the console's
// pages) because only the console may import both the directory's modules and its write path.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { businessOwner } from "../../db/schema/directory.ts";
import { auditEvent, outboxEmail } from "../../db/schema/platform.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import {
  businessForViewer,
  businessRowsBetween,
  countBusinessesByCategory,
  getBusiness,
  searchBusinesses,
  summariesOf,
} from "../../directory/businesses.server.ts";
import { type NewListing, newListingSchema } from "../../directory/new-listing.ts";
import { addBusiness } from "../../directory/new-listings.server.ts";
import { decideListing, listingForStaff } from "../../directory/staff.server.ts";
import { filledNewListing } from "../../directory/test-fixtures.ts";
import { isAppError } from "../../platform/errors.ts";
import { validate } from "../../platform/input.server.ts";
import type { StaffActor } from "../../staff/access.server.ts";
import { QUEUE_KINDS } from "../../staff/queue-kinds.server.ts";
import { staffWrite } from "../../staff/write.server.ts";

let database: DatabaseHandle;

const maude: StaffActor = {
  id: "mod-maude",
  name: "Maude",
  role: "moderator",
  clientAddress: null,
};
const marc: StaffActor = { id: "mod-marc", name: "Marc", role: "moderator", clientAddress: null };
const BASE = "https://nearby.test";

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values([
    {
      id: "owner-olive",
      name: "Olive",
      email: "olive@example.com",
      handle: "olive",
      age: 34,
      locale: "fr-CA",
    },
    { id: "teen-theo", name: "Théo", email: "theo@example.com", handle: "theo", age: 16 },
    { id: "stranger-sam", name: "Sam", email: "sam@example.com", handle: "sam", age: 40 },
    {
      id: maude.id,
      name: maude.name,
      email: "maude@example.com",
      handle: "maude",
      role: "moderator",
      twoFactorEnabled: true,
    },
    {
      id: marc.id,
      name: marc.name,
      email: "marc@example.com",
      handle: "marc",
      role: "moderator",
      twoFactorEnabled: true,
    },
  ]);
});

afterAll(() => database.close());

const problemsOf = async (raw: Record<string, string>) => {
  try {
    await validate(newListingSchema, raw);
  } catch (error) {
    if (isAppError(error)) return error.options.problems ?? [];
    throw error;
  }
  return [];
};

const listingOf = (raw: Record<string, string> = {}) =>
  validate(newListingSchema, { ...filledNewListing, ...raw }) as Promise<NewListing>;

const inSearch = async (id: number) =>
  (
    await searchBusinesses(database.db, { title: "boulangerie", location: "" }, { limit: 50 })
  ).items.some((item) => item.id === id);
const inSitemap = async (id: number) =>
  (await businessRowsBetween(database.db, 0, 1_000_000, 1000)).some((row) => row.id === id);

describe("the form's schema", () => {
  test("each field's own message, in the order of the fields", async () => {
    const problems = await problemsOf({});
    expect(problems.map((problem) => [problem.field, problem.message])).toEqual([
      ["name", "addBusiness.problems.name"],
      ["category", "addBusiness.problems.category"],
      ["address", "addBusiness.problems.address"],
      ["city", "addBusiness.problems.city"],
      ["province", "addBusiness.problems.province"],
      ["postalCode", "addBusiness.problems.postalCode"],
      ["email", "addBusiness.problems.email"],
      ["descriptionEn", "addBusiness.problems.description"],
      ["opensAt", "addBusiness.problems.opensAt"],
      ["closesAt", "addBusiness.problems.closesAt"],
    ]);
  });

  test.each([
    ["postalCode", "D1A 1A1", "addBusiness.problems.postalCode"],
    ["postalCode", "12345", "addBusiness.problems.postalCode"],
    ["phone", "555-0199", "addBusiness.problems.phone"],
    ["phone", "+33 1 42 68 53 00", "addBusiness.problems.phone"],
    ["website", "ftp://example.ca", "addBusiness.problems.website"],
    ["email", "not an address", "addBusiness.problems.email"],
    ["descriptionFr", "x".repeat(2001), "addBusiness.problems.descriptionLong"],
    ["opensAt", "25:00", "addBusiness.problems.opensAt"],
    ["latitude", "48.85", "addBusiness.problems.pin"],
  ])("%s %j: %s", async (field, value, message) => {
    const raw = {
      ...filledNewListing,
      [field]: value,
      ...(field === "latitude" ? { longitude: "2.35" } : {}),
    };
    expect(await problemsOf(raw)).toEqual([{ field, message }]);
  });

  test("normalized: the postal code, the phone in E.164, the website; the pin at the city's centre", async () => {
    const listing = await listingOf();
    expect(listing).toMatchObject({
      postalCode: "G9A 1B2",
      phone: "+18195550199",
      website: "https://boulangerie.example.ca",
      description: { "en-CA": "", "fr-CA": "Du pain tous les matins." },
      latitude: 46.343,
      longitude: -72.543,
    });
    // A pin the owner placed is kept; empty optional fields are none.
    expect(
      await listingOf({ latitude: "46.35", longitude: "-72.55", phone: "", website: "" }),
    ).toMatchObject({
      latitude: 46.35,
      longitude: -72.55,
      phone: undefined,
      website: undefined,
    });
  });
});

describe("a new listing", () => {
  test("only adults add one", async () => {
    await expect(addBusiness(database.db, "teen-theo", await listingOf())).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  test("waits unlisted: out of search, counts, the sitemap and cards, 404 to all but its submitter and staff", async () => {
    const before = await countBusinessesByCategory(database.db);
    const id = await addBusiness(database.db, "owner-olive", await listingOf());
    expect(await inSearch(id)).toBe(false);
    expect(await inSitemap(id)).toBe(false);
    expect(await summariesOf(database.db, [id])).toEqual([]);
    expect((await countBusinessesByCategory(database.db)).shopping).toBe(before.shopping);
    for (const viewer of [null, "stranger-sam"]) {
      await expect(businessForViewer(database.db, id, viewer)).rejects.toMatchObject({
        code: "not_found",
      });
    }
    await expect(getBusiness(database.db, id)).rejects.toMatchObject({ code: "not_found" });
    expect((await businessForViewer(database.db, id, "owner-olive")).status).toBe("pending");
    expect((await businessForViewer(database.db, id, maude.id)).business.name).toBe(
      "Boulangerie du Quai",
    );
    // In the console's queue, and nobody owns it yet.
    const kind = QUEUE_KINDS.find((each) => each.key === "listings");
    const items = await kind?.list(database.db, { locale: "en-CA", after: null, limit: 50 });
    expect(items?.map((item) => item.href)).toContain(`/staff/listings/${id}`);
    expect(
      await database.db.select().from(businessOwner).where(eq(businessOwner.businessId, id)),
    ).toEqual([]);
  });

  test("approval lists it everywhere in one transaction, makes its submitter an owner, and tells them", async () => {
    const id = await addBusiness(
      database.db,
      "owner-olive",
      await listingOf({ name: "Boulangerie Approuvée" }),
    );
    const before = (await countBusinessesByCategory(database.db)).shopping;

    // A failure after the move leaves nothing behind: still pending, uncounted, unowned.
    await expect(
      database.db.transaction(async (tx) => {
        await decideListing(tx, id, { to: "approved" }, { baseUrl: BASE });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await listingForStaff(database.db, id)).status).toBe("pending");
    expect((await countBusinessesByCategory(database.db)).shopping).toBe(before);

    await staffWrite(database.db, maude, "moderator", (tx) =>
      decideListing(tx, id, { to: "approved" }, { baseUrl: BASE }),
    );
    expect(await inSearch(id)).toBe(true);
    expect(await inSitemap(id)).toBe(true);
    expect((await countBusinessesByCategory(database.db)).shopping).toBe(before + 1);
    expect((await businessForViewer(database.db, id, null)).status).toBe("approved");
    expect(
      await database.db
        .select({ via: businessOwner.via })
        .from(businessOwner)
        .where(eq(businessOwner.businessId, id)),
    ).toEqual([{ via: "staff" }]);
    const [mail] = await database.db
      .select()
      .from(outboxEmail)
      .where(
        and(
          eq(outboxEmail.to, "olive@example.com"),
          sql`${outboxEmail.subject} like '%Approuvée%'`,
        ),
      );
    expect(mail?.subject).toBe("Votre fiche Boulangerie Approuvée est sur Nearby");
    expect(mail?.text).toContain(`${BASE}/fr/businesses/${id}`);
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.targetKind, "business"), eq(auditEvent.targetId, String(id))));
    expect(audit).toMatchObject({ action: "business.approve", actorId: maude.id });

    // A second decision, by anyone: the 409 that names who acted first.
    await expect(
      staffWrite(database.db, marc, "moderator", (tx) =>
        decideListing(tx, id, { to: "rejected", reason: "late" }, { baseUrl: BASE }),
      ),
    ).rejects.toMatchObject({ code: "already_handled" });
  });

  test("rejection keeps it unlisted, with the reason sent to its submitter", async () => {
    const id = await addBusiness(
      database.db,
      "owner-olive",
      await listingOf({ name: "Boulangerie Refusée" }),
    );
    await staffWrite(database.db, maude, "moderator", (tx) =>
      decideListing(tx, id, { to: "rejected", reason: "Adresse introuvable" }, { baseUrl: BASE }),
    );
    expect(await inSearch(id)).toBe(false);
    expect(await inSitemap(id)).toBe(false);
    await expect(businessForViewer(database.db, id, "stranger-sam")).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await businessForViewer(database.db, id, "owner-olive")).status).toBe("rejected");
    expect((await listingForStaff(database.db, id)).rejectedReason).toBe("Adresse introuvable");
    const [mail] = await database.db
      .select()
      .from(outboxEmail)
      .where(sql`${outboxEmail.subject} like '%Refusée%'`);
    expect(mail?.text).toContain("Motif\u202f: Adresse introuvable");
    expect(
      await database.db.select().from(businessOwner).where(eq(businessOwner.businessId, id)),
    ).toEqual([]);
  });
});

test("a business that does not exist has no listing to decide", async () => {
  await expect(listingForStaff(database.db, 999_999)).rejects.toMatchObject({ code: "not_found" });
});
