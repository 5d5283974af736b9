import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import { business, businessOwner } from "../../../db/schema/directory.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import { seedBusinesses } from "../../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../../directory/test-fixtures.ts";
import { createTestHost } from "../../../platform/test-host.server.ts";

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
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
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
