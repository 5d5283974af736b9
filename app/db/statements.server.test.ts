import { Placeholder } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import type { Db, Tx } from "./client.server.ts";
import { statementCache, withPlaceholders } from "./statements.server.ts";

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
    const statements = statementCache<{ label: string; values: Record<string, unknown> }>();
    const build = vi.fn((_db: Db | Tx) => builder("one word"));

    const first = statements(pool, "keywords:1", build);
    const again = statements(pool, "keywords:1", build);

    expect(again).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await again.execute({ keywords0: "%nurse%" })).toEqual({
      label: "one word",
      values: { keywords0: "%nurse%" },
    });
  });

  test("keeps statements apart by shape and by database handle, and leaves them unnamed", () => {
    const statements = statementCache<unknown>();
    const build = vi.fn((_db: Db | Tx) => builder("any"));

    statements(pool, "keywords:1", build);
    statements(pool, "keywords:2", build);
    statements(transaction, "keywords:1", build);

    expect(build.mock.calls.map(([db]) => db)).toEqual([pool, pool, transaction]);
    for (const { value } of build.mock.results) expect(value.prepare).toHaveBeenCalledWith("");
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
