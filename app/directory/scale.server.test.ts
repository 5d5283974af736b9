import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import type { CategorySlug } from "./categories.ts";
import { KINDS_BY_CATEGORY } from "./kinds.ts";
import { scaleBusinesses } from "./scale.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.close());

test("generated businesses show a picture of a kind of their category, one that ships", async () => {
  await scaleBusinesses(database.db, 400);
  const { rows } = await database.db.execute<{
    category: CategorySlug;
    image: string;
    cover: string;
  }>(sql`select category, image, cover_image as cover from business`);
  expect(rows).toHaveLength(400);
  for (const row of rows) {
    const kind = /^\/images\/directory\/kinds\/([a-z-]+?)(-peach|-lilac)?\.svg$/.exec(
      row.image,
    )?.[1];
    expect(KINDS_BY_CATEGORY[row.category], row.image).toContain(kind);
    expect(row.cover).toBe(row.image);
    expect(fs.existsSync(path.join("public", row.image)), row.image).toBe(true);
  }
  expect(new Set(rows.map((row) => row.image)).size).toBeGreaterThan(40);
});

test("generated businesses each have their own address at example.test, for a claim's code", async () => {
  const { rows } = await database.db.execute<{ own: number }>(
    sql`select count(*) filter (where contact_email = slug || '@example.test')::int as own
        from business`,
  );
  expect(rows[0]?.own).toBe(400);
});
