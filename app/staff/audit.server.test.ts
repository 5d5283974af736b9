import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import {
  type AuditFilter,
  auditPage,
  auditQuery,
  auditQuerySchema,
  compactChange,
} from "./audit.server.ts";

test("before → after keeps only the fields that changed, text without quotes", () => {
  expect(compactChange({ role: "player", name: "A" }, { role: "admin", name: "A" })).toEqual([
    { field: "role", before: "player", after: "admin" },
  ]);
  expect(compactChange({ status: "paid" }, { status: "shipped", tracking: "1Z9" })).toEqual([
    { field: "status", before: "paid", after: "shipped" },
    { field: "tracking", before: "–", after: "1Z9" },
  ]);
  expect(compactChange(null, { stock: 3 })).toEqual([
    { field: null, before: "–", after: '{"stock":3}' },
  ]);
  expect(compactChange(null, null)).toEqual([]);
});

describe("at 100,000 rows", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    // A hundred members, two hundred actions, ten thousand targets, a row every five minutes.
    await database.db.execute(sql`
      insert into audit_event (at, actor_id, actor_role, action, target_kind, target_id, before, after)
      select now() - (n || ' minutes')::interval * 5, 'member-' || (n % 100), 'moderator',
             'kind' || (n % 4) || '.verb' || (n % 50), 'kind' || (n % 4), (n % 10000)::text,
             '{"state":"a"}', '{"state":"b"}'
      from generate_series(1, 100000) as n`);
    await database.db.execute(sql`analyze audit_event`);
  });

  afterAll(() => database.close());

  async function planOf(filter: AuditFilter, cursor?: { at: string; id: number }) {
    const query = auditQuery(database.db, filter, { cursor, limit: 51 }).toSQL();
    const { rows } = await database.db.$client.query(`explain ${query.sql}`, query.params);
    return rows.map((row: { "QUERY PLAN": string }) => row["QUERY PLAN"]).join("\n");
  }

  const none: AuditFilter = { actor: "", action: "", targetKind: "", targetId: "" };

  test("each filter's first page reads its own index, never the whole table", async () => {
    const cases: [AuditFilter, string][] = [
      [none, "audit_event_at_idx"],
      [{ ...none, actor: "member-3" }, "audit_event_actor_idx"],
      [{ ...none, action: "kind1.verb5" }, "audit_event_action_idx"],
      [{ ...none, targetKind: "kind2", targetId: "42" }, "audit_event_target_idx"],
      [{ ...none, from: "2026-01-01", to: "2026-01-31" }, "audit_event_at_idx"],
    ];
    for (const [filter, index] of cases) {
      const plan = await planOf(filter);
      expect(plan, JSON.stringify(filter)).toContain(index);
      expect(plan).not.toContain("Seq Scan on audit_event");
    }
    const deeper = await planOf(
      { ...none, actor: "member-3" },
      { at: "2026-06-01T00:00:00.000000Z", id: 50000 },
    );
    expect(deeper).toContain("audit_event_actor_idx");
  });

  test("a page lists newest first and the cursor goes on exactly where it stopped", async () => {
    const filter = { ...none, actor: "member-3" };
    const first = await auditPage(database.db, filter, { limit: 50 });
    expect(first.rows).toHaveLength(50);
    const cursor = auditQuerySchema.parse({ cursor: first.next }).cursor;
    const second = await auditPage(database.db, filter, { cursor, limit: 50 });
    const ids = [...first.rows, ...second.rows].map((row) => row.id);
    expect(new Set(ids).size).toBe(100);
    const times = [...first.rows, ...second.rows].map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
