import { Placeholder, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import type { Db, Tx } from "./client.server.ts";
import { statementCache, withPlaceholders } from "./statements.server.ts";
import { createTestDatabase } from "./test-database.server.ts";

/** A stand-in query builder: preparing it gives a statement that echoes the values it runs with. */
function builder(label: string) {
  return {
    prepare: vi.fn((name: string) => ({
      name,
      execute: async (values: Record<string, unknown>) => ({ label, values }),
    })),
  };
}

const pool = {} as Db;
const transaction = {} as Tx;

describe("statementCache", () => {
  test("builds a statement once per shape, then runs it with each call's values", async () => {
    const statements = statementCache<{ label: string; values: Record<string, unknown> }>("test");
    const build = vi.fn((_db: Db | Tx) => builder("one word"));
    const perRun = { samePlanForAnyValues: false };

    const first = statements(pool, "keywords:1", build, perRun);
    const again = statements(pool, "keywords:1", build, perRun);

    expect(again).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await again.execute({ keywords0: "%nurse%" })).toEqual({
      label: "one word",
      values: { keywords0: "%nurse%" },
    });
  });

  test("keeps statements apart by shape and by database handle", () => {
    const statements = statementCache<unknown>("test");
    const build = vi.fn((_db: Db | Tx) => builder("any"));
    const perRun = { samePlanForAnyValues: false };

    statements(pool, "keywords:1", build, perRun);
    statements(pool, "keywords:2", build, perRun);
    statements(transaction, "keywords:1", build, perRun);

    expect(build.mock.calls.map(([db]) => db)).toEqual([pool, pool, transaction]);
  });

  test("names a statement only when one plan serves any values, one name per shape", () => {
    const statements = statementCache<unknown>("search");
    const names = (key: string, samePlanForAnyValues: boolean, db: Db | Tx = pool) => {
      const query = builder(key);
      statements(db, key, () => query, { samePlanForAnyValues });
      return query.prepare.mock.calls.map(([name]) => name);
    };

    expect(names("words:1", false)).toEqual([""]);
    expect(names("filters:1", true)).toEqual(["search_1"]);
    expect(names("filters:2", true)).toEqual(["search_2"]);
    expect(names("filters:1", true, transaction)).toEqual(["search_1"]);
  });

  test("runs a named statement on the handle's same-plan connections, when it has them", () => {
    const statements = statementCache<unknown>("search");
    const samePlan = {} as Db;
    const withSamePlan = { $samePlan: samePlan } as unknown as Db;
    const build = vi.fn((_db: Db | Tx) => builder("any"));

    statements(withSamePlan, "filters:1", build, { samePlanForAnyValues: true });
    statements(withSamePlan, "words:1", build, { samePlanForAnyValues: false });
    statements(transaction, "filters:1", build, { samePlanForAnyValues: true });

    expect(build.mock.calls.map(([db]) => db)).toEqual([samePlan, withSamePlan, transaction]);
  });
});

describe("withPlaceholders", () => {
  test("puts a placeholder for each value and names the shape by what is given and how many", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    const { bound, values, shape } = withPlaceholders({
      now,
      words: ["%nurse%", "% rn %"],
      choices: [],
      since: undefined,
    });

    expect(shape).toBe("now words:2 choices:0");
    expect(values).toEqual({ now, words0: "%nurse%", words1: "% rn %" });
    expect(bound.now).toBeInstanceOf(Placeholder);
    expect((bound.words as unknown as Placeholder[]).map(({ name }) => name)).toEqual([
      "words0",
      "words1",
    ]);
    expect(bound).not.toHaveProperty("since");
  });

  test("the same shape with other values has the same key", () => {
    const one = withPlaceholders({ words: ["%welder%"], page: 1 });
    const other = withPlaceholders({ words: ["% qa %"], page: 7 });
    const longer = withPlaceholders({ words: ["%welder%", "%night%"], page: 1 });

    expect(other.shape).toBe(one.shape);
    expect(longer.shape).not.toBe(one.shape);
  });
});

describe("the database's same-plan connections", () => {
  test("give every statement one generic plan; the others plan as PostgreSQL chooses", async () => {
    const database = await createTestDatabase();
    try {
      const mode = async (db: Db) =>
        (await db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`)).rows[0]
          ?.plan_cache_mode;
      expect(await mode(database.db.$samePlan as Db)).toBe("force_generic_plan");
      expect(await mode(database.db)).toBe("auto");
    } finally {
      await database.close();
    }
  });
});
