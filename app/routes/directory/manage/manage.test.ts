import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import { business, businessOwner } from "../../../db/schema/directory.ts";
import { auditEvent } from "../../../db/schema/platform.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import { seedBusinesses } from "../../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../../directory/test-fixtures.ts";
import { createTestHost, TEST_BASE_URL } from "../../../platform/test-host.server.ts";

// A listing's manage pages through the built site: its owners and staff get in, everyone else
// gets the site's 404 (the pages do not admit they exist).

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};
let businessId = 0;

async function player(name: string, address: string) {
  const email = `${name}@example.com`;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name} Tester`,
    email,
    address,
  });
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id as string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // With the visitors' page cache on, as in production: an owner's save must clear it.
  request = await createTestHost(database.db, {
    clientIpHeader: "x-real-ip",
    pageCacheSeconds: 60,
  });
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [fixtureBusiness({ name: "Chez Owner" })]),
  ]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
  const ownerId = await player("owner", "10.40.0.1");
  await player("stranger", "10.40.0.2");
  const staffId = await player("moderator", "10.40.0.3");
  await database.db.insert(businessOwner).values({ businessId, userId: ownerId, via: "code" });
  await database.db
    .update(user)
    .set({ role: "moderator", twoFactorEnabled: true })
    .where(eq(user.id, staffId));
});

afterAll(() => database.close());

const get = (who: string | null, path: string) =>
  request(path, { redirect: "manual", headers: { cookie: who ? (cookies[who] ?? "") : "" } });

describe("/businesses/{id}/manage", () => {
  test("opens for an owner, in both languages, naming the listing and their role", async () => {
    for (const [path, words] of [
      [`/businesses/${businessId}/manage`, ["Manage Chez Owner", "as one of its owners"]],
      [`/fr/businesses/${businessId}/manage`, ["Gérer Chez Owner", "en tant que propriétaire"]],
    ] as const) {
      const response = await get("owner", path);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
      expect(html).toContain('name="robots" content="noindex"');
    }
  });

  test("opens for staff with two-factor sign-in, in their own role", async () => {
    const response = await get("moderator", `/businesses/${businessId}/manage`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("as a moderator");
  });

  test("is the site's 404 for a visitor, another player, and a listing that is not there", async () => {
    expect((await get(null, `/businesses/${businessId}/manage`)).status).toBe(404);
    expect((await get("stranger", `/businesses/${businessId}/manage`)).status).toBe(404);
    expect((await get("owner", `/businesses/${businessId + 1000}/manage`)).status).toBe(404);
    expect((await get("owner", "/businesses/abc/manage")).status).toBe(404);
  });

  test("the 404 also answers a client navigation's data request", async () => {
    const response = await get("stranger", `/businesses/${businessId}/manage.data`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Chez Owner");
  });
});

const post = (who: string | null, path: string, fields: Record<string, string>) =>
  request(path, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: who ? (cookies[who] ?? "") : "",
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });

/** The listing form's fields as the page fills them, with `changes`. */
async function listingForm(changes: Record<string, string>) {
  const [row] = await database.db.select().from(business).where(eq(business.id, businessId));
  if (!row) throw new Error("no listing");
  return {
    version: String(row.version),
    name: row.name,
    category: row.category,
    address: row.address,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    phone: "",
    website: "",
    contactEmail: "",
    priceFrom: (row.priceFromCents / 100).toFixed(2),
    "description_en-CA": row.description["en-CA"],
    "description_fr-CA": row.description["fr-CA"],
    ownerName: row.ownerName,
    ...changes,
  };
}

describe("the listing form", () => {
  test("shows the listing's fields and its owners", async () => {
    const html = await (await get("owner", `/businesses/${businessId}/manage`)).text();
    expect(html).toContain('value="Chez Owner"');
    // Owners are shown by their public identity (a handle while their profile is private).
    expect(html).toMatch(/Owners: [a-z]+-[a-z]+-\d+/);
    expect(html).toContain("Description in French");
  });

  test("an owner's save shows at once on the public page, past the visitors' page cache", async () => {
    const page = `/businesses/${businessId}`;
    expect(await (await get(null, page)).text()).toContain("Chez Owner");
    const saved = await post(
      "owner",
      `/fr/businesses/${businessId}/manage?index`,
      await listingForm({ "description_fr-CA": "Ouvert le dimanche." }),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/fr/businesses/${businessId}/manage?saved=1`);
    expect(await (await get(null, `/fr${page}`)).text()).toContain("Ouvert le dimanche.");
    const renamed = await post(
      "owner",
      `/businesses/${businessId}/manage?index`,
      await listingForm({ name: "Chez Owner & Co" }),
    );
    expect(renamed.status).toBe(302);
    expect(await (await get(null, page)).text()).toContain("Chez Owner &amp; Co");
  });

  test("a wrong field is refused with its message beside it, in the page's language", async () => {
    const response = await post(
      "owner",
      `/fr/businesses/${businessId}/manage?index`,
      await listingForm({ postalCode: "12345" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Entrez un code postal canadien, comme A1A 1A1.");
    expect(html).toContain('aria-errormessage="listing-problem"');
    // What was typed comes back.
    expect(html).toContain('value="12345"');
  });

  test("a stale form gets a 409 that says so; a stranger's save is the 404", async () => {
    const opened = await listingForm({ city: "Stale City" });
    expect(
      (await post("owner", `/businesses/${businessId}/manage?index`, await listingForm({}))).status,
    ).toBe(302);
    const stale = await post("owner", `/businesses/${businessId}/manage?index`, opened);
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain("acted on this first");
    expect(html).toContain("Your changes were not saved.");
    expect(html).not.toContain('value="Stale City"');

    const stranger = await post(
      "stranger",
      `/businesses/${businessId}/manage?index`,
      await listingForm({ name: "Taken" }),
    );
    expect(stranger.status).toBe(404);
    const [row] = await database.db
      .select({ name: business.name })
      .from(business)
      .where(eq(business.id, businessId));
    expect(row?.name).toBe("Chez Owner & Co");
  });
});

describe("the products page", () => {
  test("opens for an owner in both languages; a stranger's page and move are the 404", async () => {
    for (const [path, words] of [
      [`/businesses/${businessId}/manage/products`, ["Add a product", "Name in French"]],
      [`/fr/businesses/${businessId}/manage/products`, ["Ajouter un produit", "Nom en français"]],
    ] as const) {
      const response = await get("owner", path);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
    }
    expect((await get("stranger", `/businesses/${businessId}/manage/products`)).status).toBe(404);
    const [row] = await database.db
      .select({ version: business.version })
      .from(business)
      .where(eq(business.id, businessId));
    const moved = await post("stranger", `/businesses/${businessId}/manage/products`, {
      intent: "remove",
      index: "0",
      version: String(row?.version),
    });
    expect(moved.status).toBe(404);
  });

  test("a wrong price comes back beside its field, with what was typed", async () => {
    const response = await post("owner", `/fr/businesses/${businessId}/manage/products`, {
      intent: "add",
      version: "0",
      "name_en-CA": "Mug",
      "name_fr-CA": "",
      price: "douze",
      url: "https://example.com/mug",
      "alt_en-CA": "A mug",
      "alt_fr-CA": "",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Donnez le prix en dollars, par exemple 12,50");
    expect(html).toContain('aria-errormessage="product-new-problem"');
    expect(html).toContain('value="douze"');
  });
});

describe("the console's history of a listing", () => {
  test("staff restore the listing as first listed: a new version, audited, shown at once", async () => {
    const history = `/staff/listings/${businessId}/history`;
    expect((await get("owner", history)).status).toBe(404);
    const manage = await (await get("moderator", `/businesses/${businessId}/manage`)).text();
    expect(manage).toContain(`href="${history}"`);
    const page = await get("moderator", history);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("History of Chez Owner &amp; Co");
    expect(html).toContain("As first listed");

    const [row] = await database.db
      .select({ version: business.version })
      .from(business)
      .where(eq(business.id, businessId));
    const current = String(row?.version);
    const restored = await post("moderator", history, { version: "0", current });
    expect(restored.status).toBe(302);
    expect(await (await get(null, `/businesses/${businessId}`)).text()).toContain(
      '<h1 class="text-3xl font-bold md:text-4xl">Chez Owner</h1>',
    );
    const [audit] = await database.db
      .select({ action: auditEvent.action, role: auditEvent.actorRole })
      .from(auditEvent)
      .orderBy(desc(auditEvent.id))
      .limit(1);
    expect(audit).toEqual({ action: "business.restore", role: "moderator" });

    // The same form again names the version it no longer is: 409, nothing restored twice.
    const again = await post("moderator", `/fr${history}`, { version: "0", current });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("l’a déjà traité");
  });
});

describe("/businesses/{id}/manage/owners", () => {
  test("lists the owners for an owner, in both languages; a stranger gets the 404", async () => {
    const english = await get("owner", `/businesses/${businessId}/manage/owners`);
    expect(english.status).toBe(200);
    const html = await english.text();
    expect(html).toContain("owner Tester");
    expect(html).toContain("Leave this listing");
    const french = await get("owner", `/fr/businesses/${businessId}/manage/owners`);
    expect(await french.text()).toContain("Quitter cette fiche");
    expect((await get("stranger", `/businesses/${businessId}/manage/owners`)).status).toBe(404);
  });

  test("the last owner cannot leave: a 409 that says why, and they still own it", async () => {
    const [me] = await database.db
      .select({ id: businessOwner.userId })
      .from(businessOwner)
      .where(eq(businessOwner.businessId, businessId));
    const response = await request(`/businesses/${businessId}/manage/owners`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: cookies.owner ?? "",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "remove", userId: me?.id ?? "" }).toString(),
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("A listing keeps at least one owner");
    const owners = await database.db
      .select()
      .from(businessOwner)
      .where(eq(businessOwner.businessId, businessId));
    expect(owners).toHaveLength(1);
  });
});
