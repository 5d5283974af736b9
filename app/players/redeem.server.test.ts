import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { outboxEmail } from "../db/schema/platform.ts";
import { pointsLedger, redeemRequest } from "../db/schema/players.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { listRequests, redeemGoalFor } from "./redeem.server.ts";
import { seedRedeemGoals } from "./seed.server.ts";

let database: DatabaseHandle;
const site = { baseUrl: "https://nearby.example" };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedRedeemGoals(database.db);
});

afterAll(() => database.close());

/** A player holding `points`, credited through the ledger as every point is. */
async function playerWith(id: string, points: number) {
  await database.db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name: id, email: `${id}@example.com`, handle: id, points });
    await tx
      .insert(pointsLedger)
      .values({ userId: id, change: points, reason: "test", source: `test:${id}` });
  });
}

const form = (goal: string) => ({
  goal,
  name: "Alice Martin",
  email: "alice.parent@example.com",
  phone: "+15145550123",
  agree: true as const,
});

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

test("50 concurrent redeems against a balance for exactly 2: exactly 2 succeed", async () => {
  await playerWith("racer", 200);
  const player = { id: "racer", locale: "en-CA" as const };
  const outcomes = await Promise.allSettled(
    Array.from({ length: 50 }, (_, index) =>
      redeemGoalFor(database.db, player, form("sticker-pack"), `race-key-${index}`, site),
    ),
  );
  const made = outcomes.filter((outcome) => outcome.status === "fulfilled");
  const refused = outcomes.filter((outcome) => outcome.status === "rejected");
  expect(made.length).toBe(2);
  for (const outcome of refused)
    expect((outcome.reason as { code: string; messageKey: string }).messageKey).toBe(
      "redeem.problems.notEnoughPoints",
    );
  expect(await balanceAndLedger("racer")).toEqual({ balance: 0, ledger: 0 });
  expect((await listRequests(database.db, "racer")).length).toBe(2);
  const mails = await database.db
    .select()
    .from(outboxEmail)
    .where(eq(outboxEmail.to, "alice.parent@example.com"));
  expect(mails.length).toBe(2);
});

test("a key sent again returns the first request and charges nothing more", async () => {
  await playerWith("repeater", 1000);
  const player = { id: "repeater", locale: "fr-CA" as const };
  const results = await Promise.all(
    Array.from({ length: 10 }, () =>
      redeemGoalFor(database.db, player, form("jigsaw-puzzle"), "same-key-123", site),
    ),
  );
  expect(results.filter((result) => result.created).length).toBe(1);
  expect(new Set(results.map((result) => result.request.id)).size).toBe(1);
  const again = await redeemGoalFor(database.db, player, form("book"), "same-key-123", site);
  expect(again).toMatchObject({ created: false, request: { goal: { slug: "jigsaw-puzzle" } } });
  expect(await balanceAndLedger("repeater")).toEqual({ balance: 600, ledger: 600 });
  const [mail] = await database.db
    .select()
    .from(outboxEmail)
    .where(sql`${outboxEmail.subject} like '%Casse-tête%'`);
  expect(mail?.text).toContain("400 points");
  expect(mail?.text).toContain("(514) 555-0123");
});

test("a goal costing more than the balance is refused and changes nothing", async () => {
  await playerWith("short", 899);
  await expect(
    redeemGoalFor(database.db, { id: "short", locale: "en-CA" }, form("book"), "short-key-1", site),
  ).rejects.toMatchObject({ code: "conflict", messageKey: "redeem.problems.notEnoughPoints" });
  expect(await balanceAndLedger("short")).toEqual({ balance: 899, ledger: 899 });
  expect(
    await database.db.select().from(redeemRequest).where(eq(redeemRequest.userId, "short")),
  ).toEqual([]);
});

test("the balance can never go below 0, whatever writes it", async () => {
  await playerWith("guarded", 10);
  await expect(
    database.db.update(user).set({ usesPoints: 11 }).where(eq(user.id, "guarded")),
  ).rejects.toThrow();
});
