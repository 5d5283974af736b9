import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { follow, guardianConsent, pointsLedger } from "../db/schema/players.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { exportChild, exportFileName } from "./family-export.server.ts";
import { linkParent, parentWithChild } from "./test-family.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await parentWithChild(database.db, { parent: "mum", child: "kid" });
  await database.db.insert(user).values([
    { id: "dad", name: "Dad Secret", email: "dad.private@example.com", handle: "dad", age: 45 },
    { id: "pal", name: "Pal Hidden", email: "pal.hidden@example.com", handle: "pal-h" },
  ]);
  await linkParent(database.db, "dad", "kid");
  await database.db.insert(follow).values([
    { followerId: "kid", followeeId: "pal" },
    { followerId: "pal", followeeId: "kid" },
  ]);
  await database.db
    .insert(pointsLedger)
    .values({ userId: "kid", change: 30, reason: "quiz", source: "quiz_session:kid-1" });
  await database.db.execute(
    sql`insert into session (id, token, user_id, expires_at) values ('s1', 'token-kid-secret', 'kid', now() + interval '1 day')`,
  );
});

afterAll(() => database.close());

test("the export holds a key for every table with a player column, and every row of the child's", async () => {
  const data = await exportChild(database.db, "mum", "kid", new Date("2026-11-27T12:00:00Z"));
  const { rows } = await database.db.execute<{ table_name: string }>(sql`
    select distinct source.table_name
    from information_schema.referential_constraints as ref
    join information_schema.key_column_usage as source
      on source.constraint_name = ref.constraint_name
      and source.constraint_schema = ref.constraint_schema
    join information_schema.key_column_usage as target
      on target.constraint_name = ref.unique_constraint_name
      and target.constraint_schema = ref.unique_constraint_schema
    where target.table_name = 'user' and target.column_name = 'id'`);
  expect(rows.length).toBeGreaterThan(10);
  for (const { table_name } of rows) expect(data.tables, table_name).toHaveProperty(table_name);
  expect(data.tables.user).toEqual([expect.objectContaining({ id: "kid", handle: "kid" })]);
  expect(data.tables.points_ledger).toEqual([expect.objectContaining({ change: 30 })]);
  expect(data.tables.follow?.length).toBe(2);
  expect(data.tables.guardian_consent?.length).toBe(2);
  expect(data.tables.session).toEqual([expect.objectContaining({ id: "s1" })]);
  expect(exportFileName(data)).toBe("family-kid-2026-11-27.json");
});

test("nothing about anyone else: no other player's id, name or address, nor the other parent's", async () => {
  const text = JSON.stringify(await exportChild(database.db, "mum", "kid"));
  for (const other of ["pal", "pal-h", "Pal Hidden", "pal.hidden@example.com"])
    expect(text).not.toContain(`"${other}"`);
  for (const other of ["dad", "Dad Secret", "dad@example.com", "dad.private@example.com"])
    expect(text).not.toContain(`"${other}"`);
  expect(text).not.toContain("token-kid-secret");
  // The exporting parent's own consent is theirs to read.
  expect(text).toContain('"mum@example.com"');
});

test("only a linked parent exports", async () => {
  await expect(exportChild(database.db, "pal", "kid")).rejects.toMatchObject({ code: "not_found" });
  await database.db
    .update(guardianConsent)
    .set({ withdrawnAt: new Date() })
    .where(sql`${guardianConsent.parentId} = 'dad'`);
  await expect(exportChild(database.db, "dad", "kid")).rejects.toMatchObject({ code: "not_found" });
});
