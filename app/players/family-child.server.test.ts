import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { pointsLedger } from "../db/schema/players.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { deleteAccount, updateSettings } from "./account.server.ts";
import { childrenOf, requireChildOf } from "./family.server.ts";
import { correctChildAge, decideAsParent, deleteChildAccount } from "./family-child.server.ts";
import { playerColumns } from "./family-export.server.ts";
import { redeemGoalFor } from "./redeem.server.ts";
import {
  decideRedeemRequest,
  pendingRedeemRequests,
  redeemRequestForStaff,
} from "./redeem-review.server.ts";
import { seedRedeemGoals } from "./seed.server.ts";
import { linkParent, parentWithChild } from "./test-family.server.ts";

let database: DatabaseHandle;
const site = { baseUrl: "https://nearby.example" };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRedeemGoals(database.db);
});

afterAll(() => database.close());

/** A parent and their consented child holding `points`, credited through the ledger. */
async function familyWith(parent: string, child: string, points: number) {
  await parentWithChild(database.db, { parent, child });
  await database.db.update(user).set({ points, locale: "fr-CA" }).where(eq(user.id, parent));
  await database.db.update(user).set({ points }).where(eq(user.id, child));
  await database.db
    .insert(pointsLedger)
    .values({ userId: child, change: points, reason: "test", source: `test:${child}` });
  return { id: parent, clientAddress: "203.0.113.7" };
}

const redeemAs = (child: string, key: string) =>
  redeemGoalFor(
    database.db,
    { id: child, locale: "en-CA" },
    {
      goal: "sticker-pack",
      name: "Kid",
      email: `${child}@example.com`,
      phone: "+15145550123",
      agree: true,
    },
    key,
    site,
  );

async function balanceAndLedger(id: string) {
  const [row] = await database.db
    .select({
      balance: sql<number>`${user.points} - ${user.usesPoints}`,
      ledger: sql<number>`(select coalesce(sum(change), 0)::integer from points_ledger where user_id = ${id})`,
    })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

const staffQueue = async () =>
  (await pendingRedeemRequests(database.db, { after: null, limit: 100 })).map((row) => row.id);

test("a child's request waits for the parent, hidden from staff, then approved and fulfilled", async () => {
  const parent = await familyWith("mum-1", "kid-1", 500);
  const { request } = await redeemAs("kid-1", "k1");
  expect(request.status).toBe("awaiting_parent");
  expect(await staffQueue()).not.toContain(request.id);
  await expect(redeemRequestForStaff(database.db, request.id)).rejects.toMatchObject({
    code: "not_found",
  });
  // The parent is told in their own language, at their own address, never the child's.
  const [mail] = await database.db
    .select()
    .from(outboxEmail)
    .where(eq(outboxEmail.to, "mum-1@example.com"));
  expect(mail?.subject).toContain("demande à échanger");
  expect(mail?.text).toContain("https://nearby.example/fr/family/children/kid-1");
  const toChild = await database.db
    .select({ subject: outboxEmail.subject })
    .from(outboxEmail)
    .where(eq(outboxEmail.to, "kid-1@example.com"));
  expect(toChild.map((row) => row.subject).join()).not.toContain("échanger");

  await expect(
    decideAsParent(database.db, parent, "kid-1", request.id, "approve"),
  ).resolves.toEqual({ status: "pending" });
  expect(await staffQueue()).toContain(request.id);
  await database.db.transaction((tx) =>
    decideRedeemRequest(tx, request.id, { to: "fulfilled", note: "On its way" }),
  );
  expect((await redeemRequestForStaff(database.db, request.id)).status).toBe("fulfilled");
  expect(await balanceAndLedger("kid-1")).toEqual({ balance: 400, ledger: 400 });
  const audit = await database.db
    .select({ role: auditEvent.actorRole, action: auditEvent.action })
    .from(auditEvent)
    .where(and(eq(auditEvent.actorId, "mum-1"), eq(auditEvent.targetId, String(request.id))));
  expect(audit).toEqual([{ role: "parent", action: "redeem.parent_approve" }]);
});

test("20 concurrent declines give the points back once, through one ledger row", async () => {
  const parent = await familyWith("mum-2", "kid-2", 300);
  const { request } = await redeemAs("kid-2", "k2");
  expect(await balanceAndLedger("kid-2")).toEqual({ balance: 200, ledger: 200 });
  const outcomes = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      decideAsParent(database.db, parent, "kid-2", request.id, "decline"),
    ),
  );
  expect(outcomes.filter((outcome) => outcome.status === "fulfilled").length).toBe(1);
  for (const outcome of outcomes)
    if (outcome.status === "rejected")
      expect((outcome.reason as { code: string }).code).toBe("already_handled");
  expect(await balanceAndLedger("kid-2")).toEqual({ balance: 300, ledger: 300 });
  const returned = await database.db
    .select()
    .from(pointsLedger)
    .where(eq(pointsLedger.source, `redeem-decline:${request.id}`));
  expect(returned.length).toBe(1);
  expect(await staffQueue()).not.toContain(request.id);
});

test("only the child's own parent decides, and only while the request waits", async () => {
  await familyWith("mum-3", "kid-3", 300);
  const stranger = await familyWith("mum-4", "kid-4", 0);
  const { request } = await redeemAs("kid-3", "k3");
  await expect(
    decideAsParent(database.db, stranger, "kid-3", request.id, "approve"),
  ).rejects.toMatchObject({ code: "not_found" });
  // Their own child's page, another child's request: not theirs either.
  await expect(
    decideAsParent(database.db, stranger, "kid-4", request.id, "approve"),
  ).rejects.toMatchObject({ code: "not_found" });
  expect((await redeemAs("kid-3", "k3")).request.status).toBe("awaiting_parent");
});

test("an adult's request goes straight to staff", async () => {
  await database.db.insert(user).values({
    id: "grown",
    name: "G",
    email: "g@example.com",
    handle: "grown",
    age: 30,
    points: 100,
  });
  await database.db
    .insert(pointsLedger)
    .values({ userId: "grown", change: 100, reason: "test", source: "test:grown" });
  const { request } = await redeemAs("grown", "kg");
  expect(request.status).toBe("pending");
  expect(await staffQueue()).toContain(request.id);
});

test("the parent corrects the age; at 14 the child needs no consent, and the parent keeps the page", async () => {
  const parent = await familyWith("mum-5", "kid-5", 0);
  await correctChildAge(database.db, parent, "kid-5", 11);
  expect(await requireChildOf(database.db, "mum-5", "kid-5")).toMatchObject({ age: 11 });
  const [young] = await database.db
    .select({ status: user.consentStatus })
    .from(user)
    .where(eq(user.id, "kid-5"));
  expect(young?.status).toBe("given");

  await correctChildAge(database.db, parent, "kid-5", 14);
  const [grown] = await database.db
    .select({ age: user.age, status: user.consentStatus, profilePublic: user.profilePublic })
    .from(user)
    .where(eq(user.id, "kid-5"));
  expect(grown).toEqual({ age: 14, status: "not_needed", profilePublic: false });
  expect((await childrenOf(database.db, "mum-5")).map((child) => child.id)).toEqual(["kid-5"]);
  const audit = await database.db
    .select({ role: auditEvent.actorRole, after: auditEvent.after })
    .from(auditEvent)
    .where(and(eq(auditEvent.action, "player.age_correct"), eq(auditEvent.targetId, "kid-5")))
    .orderBy(auditEvent.id);
  expect(audit.map((row) => row.after)).toEqual([
    { age: 11, consentStatus: "given" },
    { age: 14, consentStatus: "not_needed" },
  ]);
  expect(audit.every((row) => row.role === "parent")).toBe(true);
  await expect(
    correctChildAge(database.db, { id: "mum-1", clientAddress: null }, "kid-5", 9),
  ).rejects.toMatchObject({ code: "not_found" });
});

test("the parent deletes the child's account: no row of the child's is left, the audit row is", async () => {
  const parent = await familyWith("mum-6", "kid-6", 300);
  await redeemAs("kid-6", "k6");
  await database.db.execute(
    sql`insert into session (id, token, user_id, expires_at) values ('kid-6-s', 'kid-6-t', 'kid-6', now() + interval '1 day')`,
  );
  await expect(
    deleteChildAccount(database.db, { id: "mum-1", clientAddress: null }, "kid-6"),
  ).rejects.toMatchObject({ code: "not_found" });
  await deleteChildAccount(database.db, parent, "kid-6");
  const columns = await playerColumns(database.db);
  expect(columns.size).toBeGreaterThan(10);
  for (const [table, playerColumnsOf] of columns)
    for (const column of playerColumnsOf) {
      const { rows } = await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(column)} = 'kid-6'`,
      );
      expect(rows[0]?.count, `${table}.${column}`).toBe(0);
    }
  const audit = await database.db
    .select({ actor: auditEvent.actorId, role: auditEvent.actorRole })
    .from(auditEvent)
    .where(and(eq(auditEvent.action, "player.delete_by_parent"), eq(auditEvent.targetId, "kid-6")));
  expect(audit).toEqual([{ actor: "mum-6", role: "parent" }]);
  // The parent's own account is untouched.
  expect(await database.db.select({ id: user.id }).from(user).where(eq(user.id, "mum-6"))).toEqual([
    { id: "mum-6" },
  ]);
});

test("a parent deletes their own account: a child with no other parent waits again, for 7 new days", async () => {
  await familyWith("mum-7", "kid-7", 0);
  await familyWith("mum-8", "kid-8", 0);
  await linkParent(database.db, "mum-1", "kid-8");
  const storage = { remove: async () => {} } as unknown as Parameters<typeof deleteAccount>[1];
  const before = Date.now();
  await deleteAccount(database.db, storage, "mum-7");
  await deleteAccount(database.db, storage, "mum-8");
  const rows = await database.db
    .select({ id: user.id, status: user.consentStatus, due: user.consentDueBy })
    .from(user)
    .where(sql`${user.id} in ('kid-7', 'kid-8')`)
    .orderBy(user.id);
  expect(rows.map((row) => [row.id, row.status])).toEqual([
    ["kid-7", "pending"],
    ["kid-8", "given"],
  ]);
  expect(rows[0]?.due?.getTime()).toBeGreaterThanOrEqual(before + 7 * 24 * 60 * 60 * 1000 - 1000);
});

test("a player who gave no age and sets one under 14 waits for a parent; an adult does not", async () => {
  await database.db.insert(user).values([
    { id: "no-age-kid", name: "N", email: "nak@example.com", handle: "no-age-kid" },
    { id: "no-age-adult", name: "A", email: "naa@example.com", handle: "no-age-adult" },
  ]);
  await updateSettings(database.db, "no-age-kid", { age: 12 });
  await updateSettings(database.db, "no-age-adult", { age: 30 });
  const rows = await database.db
    .select({ id: user.id, age: user.age, status: user.consentStatus })
    .from(user)
    .where(sql`${user.id} in ('no-age-kid', 'no-age-adult')`)
    .orderBy(user.id);
  expect(rows).toEqual([
    { id: "no-age-adult", age: 30, status: "not_needed" },
    { id: "no-age-kid", age: 12, status: "needs_parent" },
  ]);
  // Now under 14, the age is the parent's to correct.
  await expect(updateSettings(database.db, "no-age-kid", { age: 15 })).rejects.toMatchObject({
    code: "forbidden",
  });
});
