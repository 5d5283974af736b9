import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "./client.server.ts";
import { createTestDatabase } from "./test-database.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

test("each statement the timeout cuts is reported, in a transaction or not; other errors are not", async () => {
  let cut = 0;
  const timed = await openDatabase({
    databaseUrl: database.url,
    embeddedDataDir: "",
    migrate: false,
    timeoutMs: 200,
    onStatementTimeout: () => (cut += 1),
  });
  try {
    await expect(timed.db.$client.query("select pg_sleep(2)")).rejects.toMatchObject({
      code: "57014",
    });
    await expect(
      timed.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(2)`);
      }),
    ).rejects.toThrow();
    await expect(timed.db.$client.query("select * from no_such_table")).rejects.toThrow();
    expect(cut).toBe(2);
  } finally {
    await timed.close();
  }
});
