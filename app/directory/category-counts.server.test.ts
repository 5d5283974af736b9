import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessReport } from "../db/schema/directory.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { moveModeratedItem } from "../platform/moderation.server.ts";
import { countBusinessesByCategory } from "./businesses.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { DIRECTORY_MODERATION } from "./staff.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

/** The counts the home page shows must always equal a count of the listed rows themselves. */
async function expectCountsToMatchTable() {
  const rows = await database.db
    .select({ category: business.category, places: count() })
    .from(business)
    .where(eq(business.listed, true))
    .groupBy(business.category);
  const counted = await countBusinessesByCategory(database.db);
  for (const [category, places] of Object.entries(counted)) {
    expect(places, category).toBe(rows.find((row) => row.category === category)?.places ?? 0);
  }
  return counted;
}

const idsNamed = async (...names: string[]) =>
  (
    await database.db
      .select({ id: business.id })
      .from(business)
      .where(inArray(business.name, names))
  ).map((row) => row.id);

test("category counts follow inserts, updates and deletes, in the same transaction", async () => {
  expect(await expectCountsToMatchTable()).toMatchObject({ restaurants: 0, shopping: 0 });

  // Several rows of several categories in one statement, then one at a time.
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ name: "Counted A" }),
      fixtureBusiness({ name: "Counted B" }),
      fixtureBusiness({ name: "Counted C" }),
    ]),
    fixtureFile("shopping", [fixtureBusiness({ name: "Counted D" })]),
  ]);
  expect(await expectCountsToMatchTable()).toMatchObject({ restaurants: 3, shopping: 1 });

  // A change of category moves one place; a change of anything else moves none.
  const [a, b] = await idsNamed("Counted A", "Counted B");
  await database.db
    .update(business)
    .set({ category: "nightlife" })
    .where(eq(business.id, a as number));
  await database.db
    .update(business)
    .set({ rating: "3.0" })
    .where(eq(business.id, b as number));
  expect(await expectCountsToMatchTable()).toMatchObject({
    restaurants: 2,
    nightlife: 1,
    shopping: 1,
  });

  // One statement moving rows out of several categories at once, some to where they already are.
  await database.db.execute(
    sql`update business set category = case when category = 'shopping' then 'restaurants' else 'shopping' end`,
  );
  expect(await expectCountsToMatchTable()).toMatchObject({
    restaurants: 1,
    shopping: 3,
    nightlife: 0,
  });

  // A change that is rolled back leaves the counts as they were.
  await expect(
    database.db.transaction(async (tx) => {
      await tx.delete(business);
      throw new Error("changed my mind");
    }),
  ).rejects.toThrow("changed my mind");
  expect(await expectCountsToMatchTable()).toMatchObject({ restaurants: 1, shopping: 3 });

  await database.db.delete(business).where(eq(business.name, "Counted C"));
  expect(await expectCountsToMatchTable()).toMatchObject({ restaurants: 1, shopping: 2 });

  await database.db.delete(business);
  expect(await expectCountsToMatchTable()).toMatchObject({ restaurants: 0, shopping: 0 });

  await seedBusinesses(database.db, [fixtureFile("automotive", [fixtureBusiness()])]);
  await database.db.execute(sql`truncate business cascade`);
  expect(await expectCountsToMatchTable()).toMatchObject({ automotive: 0 });
});

test("only listed businesses count: hiding, restoring, approving and deleting move the counts", async () => {
  await seedBusinesses(database.db, [
    fixtureFile("active-life", [
      fixtureBusiness({ name: "Listed A" }),
      fixtureBusiness({ name: "Listed B" }),
    ]),
  ]);
  const [a, b] = (await idsNamed("Listed A", "Listed B")) as [number, number];
  expect(await expectCountsToMatchTable()).toMatchObject({ "active-life": 2 });

  // Hidden by moderators (after a report): out of the count, in the same transaction; restored:
  // back in.
  const kind = DIRECTORY_MODERATION.business;
  const report = (businessId: number) =>
    database.db
      .insert(businessReport)
      .values({ businessId, reason: "false", details: "", reporter: "address:test" });
  await report(a);
  await database.db.transaction((tx) =>
    moveModeratedItem(tx, kind, a, { to: "hidden", reason: "spam", note: null }),
  );
  expect(await expectCountsToMatchTable()).toMatchObject({ "active-life": 1 });
  await database.db.transaction((tx) => moveModeratedItem(tx, kind, a, { to: "restored" }));
  expect(await expectCountsToMatchTable()).toMatchObject({ "active-life": 2 });

  // Waiting for staff: not counted; approved: counted; deleted while hidden: nothing moves twice.
  await database.db.update(business).set({ status: "pending" }).where(eq(business.id, b));
  expect(await expectCountsToMatchTable()).toMatchObject({ "active-life": 1 });
  await database.db.update(business).set({ status: "approved" }).where(eq(business.id, b));
  expect(await expectCountsToMatchTable()).toMatchObject({ "active-life": 2 });
  await report(b);
  await database.db.transaction((tx) =>
    moveModeratedItem(tx, kind, b, { to: "hidden", reason: "fraud", note: null }),
  );
  await database.db.delete(business).where(eq(business.id, b));
  expect(await expectCountsToMatchTable()).toMatchObject({ "active-life": 1 });
});
