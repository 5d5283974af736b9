import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessClaim, businessOwner } from "../db/schema/directory.ts";
import { outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { validate } from "../platform/input.server.ts";
import { searchBusinesses, summariesOf } from "./businesses.server.ts";
import { sendClaimCode, verifyClaimCode } from "./claims.server.ts";
import { acceptInvitation, inviteOwner, removeOwner } from "./co-owners.server.ts";
import { type NewListing, newListingSchema } from "./new-listing.ts";
import { addBusiness } from "./new-listings.server.ts";
import type { Manager } from "./owners.server.ts";
import { decideClaim, decideListing } from "./staff.server.ts";
import { filledNewListing, seedRestaurants } from "./test-fixtures.ts";

/**
 * "Claimed" on cards comes from `business.owner_count`, kept by triggers on `business_owner`
 * (decision 0069): every way an owner comes or goes moves it in the same transaction.
 */
let database: DatabaseHandle;
let ids = new Map<string, number>();
const secret = "a test secret of at least thirty-two characters";
const idOf = (slug: string) => ids.get(slug) ?? 0;

async function insertPlayer(id: string) {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age, locale)
        values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`}, 30, 'en-CA')`,
  );
}

/** What the business's card says, as search results and lists read it. */
async function claimed(slug: string): Promise<boolean | undefined> {
  const [card] = await summariesOf(database.db, [idOf(slug)]);
  return card?.claimed;
}

async function ownerCount(slug: string): Promise<number | undefined> {
  const [row] = await database.db
    .select({ count: business.ownerCount })
    .from(business)
    .where(eq(business.id, idOf(slug)));
  return row?.count;
}

const manager = (id: string, slug: string): Manager => ({
  id,
  role: "owner",
  businessId: idOf(slug),
  clientAddress: "192.0.2.1",
});

/** The text of the last e-mail sent to `to`. */
async function lastMailTo(to: string): Promise<string> {
  const [mail] = await database.db
    .select({ text: outboxEmail.text })
    .from(outboxEmail)
    .where(eq(outboxEmail.to, to))
    .orderBy(desc(outboxEmail.id))
    .limit(1);
  return mail?.text ?? "";
}

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await seedRestaurants(database.db, [
    "by-code",
    "by-staff",
    "invited",
    "deleted",
    "both-deleted",
  ]);
  for (const id of ["alice", "bruno", "chloe", "dev", "eve", "farid"]) await insertPlayer(id);
});

afterAll(() => database?.close());

test("a seeded business is not claimed: its card says so, and so does search", async () => {
  expect(await claimed("by-code")).toBe(false);
  const page = await searchBusinesses(database.db, { title: "", location: "" }, { limit: 12 });
  expect(page.items.map((item) => item.claimed)).toEqual(page.items.map(() => false));
  expect(page.items).toHaveLength(5);
});

test("a claim verified by the e-mailed code marks the card, and search shows it", async () => {
  await sendClaimCode(database.db, "alice", idOf("by-code"), "en-CA", { secret });
  const code = /\b(\d{6})\b/.exec(await lastMailTo("by-code@example.test"))?.[1] ?? "";
  await verifyClaimCode(
    database.db,
    { id: "alice", role: "owner", clientAddress: "192.0.2.1" },
    idOf("by-code"),
    code,
    { secret },
  );
  expect(await claimed("by-code")).toBe(true);
  const page = await searchBusinesses(database.db, { title: "", location: "" }, { limit: 12 });
  expect(page.items.find((item) => item.id === idOf("by-code"))?.claimed).toBe(true);
  expect(page.items.filter((item) => item.claimed)).toHaveLength(1);
});

test("a claim approved by staff marks the card", async () => {
  const [claim] = await database.db
    .insert(businessClaim)
    .values({ businessId: idOf("by-staff"), requesterId: "bruno", source: "plan_request" })
    .returning({ id: businessClaim.id });
  expect(await claimed("by-staff")).toBe(false);
  await database.db.transaction((tx) =>
    decideClaim(tx, claim?.id ?? 0, { to: "approved" }, { baseUrl: "https://nearby.test" }),
  );
  expect(await claimed("by-staff")).toBe(true);
});

test("a new listing approved by staff is claimed by its submitter from the start", async () => {
  const form = (await validate(newListingSchema, filledNewListing)) as NewListing;
  const id = await addBusiness(database.db, "bruno", form);
  ids.set("new-listing", id);
  expect(await ownerCount("new-listing")).toBe(0);
  await database.db.transaction((tx) =>
    decideListing(tx, id, { to: "approved" }, { baseUrl: "https://nearby.test" }),
  );
  expect(await claimed("new-listing")).toBe(true);
});

test("a co-owner's accepted invitation counts, and removing one of two owners keeps the mark", async () => {
  await database.db
    .insert(businessOwner)
    .values({ businessId: idOf("invited"), userId: "chloe", via: "code" });
  await inviteOwner(database.db, manager("chloe", "invited"), "dev@example.com", {
    secret,
    baseUrl: "https://nearby.test",
    locale: "en-CA",
  });
  const link = /https:\/\/nearby\.test(\S+)/.exec(await lastMailTo("dev@example.com"))?.[1] ?? "";
  const token = new URL(link, "https://nearby.test").searchParams.get("t") ?? "";
  await acceptInvitation(
    database.db,
    { id: "dev", role: "owner", clientAddress: "192.0.2.2" },
    idOf("invited"),
    token,
    { secret },
  );
  expect(await ownerCount("invited")).toBe(2);
  await removeOwner(database.db, manager("chloe", "invited"), "dev");
  expect(await ownerCount("invited")).toBe(1);
  expect(await claimed("invited")).toBe(true);
});

test("deleting the last owner's account (its owner row goes by cascade) takes the mark off", async () => {
  await insertPlayer("leaver");
  await database.db
    .insert(businessOwner)
    .values({ businessId: idOf("deleted"), userId: "leaver", via: "code" });
  expect(await claimed("deleted")).toBe(true);
  await database.db.execute(sql`delete from "user" where id = 'leaver'`);
  expect(await claimed("deleted")).toBe(false);
  expect(await ownerCount("deleted")).toBe(0);
});

test("two owners' accounts deleted at the same moment both count: no owner, no mark", async () => {
  await database.db.insert(businessOwner).values([
    { businessId: idOf("both-deleted"), userId: "eve", via: "code" },
    { businessId: idOf("both-deleted"), userId: "farid", via: "invite" },
  ]);
  expect(await ownerCount("both-deleted")).toBe(2);
  await Promise.all(
    ["eve", "farid"].map((id) => database.db.execute(sql`delete from "user" where id = ${id}`)),
  );
  expect(await ownerCount("both-deleted")).toBe(0);
  expect(await claimed("both-deleted")).toBe(false);
});

test("every business's count equals its owners' rows after all of the above", async () => {
  const { rows } = await database.db.execute<{ id: number }>(
    sql`select id from business
        where owner_count <> (select count(*) from business_owner where business_id = business.id)`,
  );
  expect(rows).toEqual([]);
});
