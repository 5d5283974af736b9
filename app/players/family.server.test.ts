import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { guardianConsent } from "../db/schema/players.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { childrenOf, familyOverview, parentWrite, requireChildOf } from "./family.server.ts";
import { linkParent, parentWithChild } from "./test-family.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await parentWithChild(database.db, { parent: "mum", child: "kid-a" });
  await parentWithChild(database.db, { parent: "stranger", child: "kid-b" });
});

afterAll(() => database.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "allowed",
    (error: { code: string }) => error.code,
  );

test("a parent sees their own children, and a second one once linked", async () => {
  expect((await childrenOf(database.db, "mum")).map((child) => child.id)).toEqual(["kid-a"]);
  await linkParent(database.db, "mum", "kid-b");
  expect((await childrenOf(database.db, "mum")).map((child) => child.id)).toEqual([
    "kid-a",
    "kid-b",
  ]);
  expect(await childrenOf(database.db, "kid-a")).toEqual([]);
});

test("a parent's write is audited in the role parent; a stranger's writes nothing", async () => {
  await parentWithChild(database.db, { parent: "dad", child: "kid-w" });
  const touch = (parentId: string) =>
    parentWrite(
      database.db,
      { id: parentId, clientAddress: "192.0.2.1" },
      "kid-w",
      async (_tx, child) => ({
        audit: { action: "family.test", target: { kind: "user", id: child.id } },
        result: child.handle,
      }),
    );
  expect(await touch("dad")).toBe("kid-w");
  expect(await refusal(touch("stranger"))).toBe("not_found");
  const rows = await database.db.select().from(auditEvent).where(eq(auditEvent.targetId, "kid-w"));
  expect(rows).toMatchObject([
    { actorId: "dad", actorRole: "parent", action: "family.test", clientAddress: "192.0.2.1" },
  ]);
});

test("anyone but a linked parent gets not_found, and withdrawn consent unlinks", async () => {
  expect(await requireChildOf(database.db, "mum", "kid-a")).toMatchObject({ id: "kid-a", age: 10 });
  expect(await refusal(requireChildOf(database.db, "stranger", "kid-a"))).toBe("not_found");
  expect(await refusal(requireChildOf(database.db, "kid-a", "kid-a"))).toBe("not_found");
  expect(await refusal(requireChildOf(database.db, "mum", "nobody"))).toBe("not_found");
  await database.db
    .update(guardianConsent)
    .set({ withdrawnAt: new Date() })
    .where(eq(guardianConsent.childId, "kid-a"));
  expect(await refusal(requireChildOf(database.db, "mum", "kid-a"))).toBe("not_found");
  expect(await childrenOf(database.db, "mum")).toHaveLength(1);
});

/** A finished set of the child's: started at `startedAt`, taking `seconds`, `correct` of 5 right. */
async function playedSet(
  childId: string,
  {
    category,
    startedAt,
    seconds,
    correct,
  }: { category: string; startedAt: string; seconds: number; correct: number },
) {
  // The quiz's own table, written as the quiz leaves a finished set (players reads it only there).
  await database.db.execute(sql`
    insert into quiz_session (user_id, category, set_number, locale, question_ids, option_orders,
      timer, started_at, shown_at, finished_at, score, correct, earned)
    values (${childId}, ${category}, 1, 'en-CA', '{1,2,3,4,5}', '[]', 30, ${startedAt}::timestamptz,
      ${startedAt}::timestamptz, ${startedAt}::timestamptz + make_interval(secs => ${seconds}),
      ${correct * 2}, ${correct}, ${correct * 2})`);
}

test("the page's data: per category, points, and 8 weeks of play in one statement", async () => {
  await parentWithChild(database.db, { parent: "gran", child: "kid-o" });
  await database.db.update(user).set({ points: 42 }).where(eq(user.id, "kid-o"));
  await database.db.execute(
    sql`insert into quiz_progress (user_id, category, completed_sets) values ('kid-o', 'math', 2)`,
  );
  // Wednesday 2026-11-25 in Toronto is "now"; the current week began on Monday the 23rd.
  await playedSet("kid-o", {
    category: "math",
    startedAt: "2026-11-23T14:00:00Z",
    seconds: 200,
    correct: 5,
  });
  await playedSet("kid-o", {
    category: "math",
    startedAt: "2026-11-24T14:00:00Z",
    seconds: 100,
    correct: 3,
  });
  // Sunday night in Toronto, Monday in UTC: last week's. Left open all night: counts 15 minutes.
  await playedSet("kid-o", {
    category: "food",
    startedAt: "2026-11-23T03:00:00Z",
    seconds: 36_000,
    correct: 1,
  });
  // Too old for the 8 weeks, but still in the categories' accuracy.
  await playedSet("kid-o", {
    category: "food",
    startedAt: "2026-09-01T14:00:00Z",
    seconds: 60,
    correct: 4,
  });
  // Someone else's set is no part of it.
  await playedSet("kid-a", {
    category: "math",
    startedAt: "2026-11-24T14:00:00Z",
    seconds: 60,
    correct: 5,
  });
  const [child, ...others] = await familyOverview(
    database.db,
    "gran",
    new Date("2026-11-25T15:00:00Z"),
  );
  expect(others).toEqual([]);
  expect(child).toMatchObject({
    id: "kid-o",
    points: 42,
    profilePublic: false,
    quizTimer: 30,
    pointsCap: null,
  });
  expect(child?.categories.find((row) => row.category === "math")).toEqual({
    category: "math",
    setsDone: 2,
    answers: 10,
    correct: 8,
  });
  expect(child?.categories.find((row) => row.category === "food")).toMatchObject({
    setsDone: 0,
    answers: 10,
    correct: 5,
  });
  expect(child?.categories.find((row) => row.category === "arts")).toMatchObject({ answers: 0 });
  expect(child?.weeks).toHaveLength(8);
  expect(child?.weeks.at(-1)).toEqual({ monday: "2026-11-23", sets: 2, seconds: 300 });
  expect(child?.weeks.at(-2)).toEqual({ monday: "2026-11-16", sets: 1, seconds: 900 });
  expect(child?.weeks.slice(0, -2).every((week) => week.sets === 0 && week.seconds === 0)).toBe(
    true,
  );
  expect(await familyOverview(database.db, "stranger")).toHaveLength(1);
});
