import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessDailyStat } from "../db/schema/directory.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { saveBusiness } from "./saved.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { addStats, countStat, statCounter, viewedBusiness, weeklyStats } from "./stats.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

let database: DatabaseHandle;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ slug: "toronto" }),
      fixtureBusiness({ slug: "vancouver", city: "Vancouver", province: "BC" }),
      fixtureBusiness({ slug: "burst" }),
    ]),
  ]);
  for (const row of await database.db
    .select({ id: business.id, slug: business.slug })
    .from(business))
    ids[row.slug] = row.id;
});

afterAll(() => database?.close());

const rowsOf = (businessId: number) =>
  database.db
    .select()
    .from(businessDailyStat)
    .where(eq(businessDailyStat.businessId, businessId))
    .orderBy(businessDailyStat.day);

describe("counting", () => {
  test("a count lands on the business's own day: Monday 05:00 UTC is Sunday in Vancouver", async () => {
    const at = new Date("2026-11-30T05:00:00Z");
    await addStats(
      database.db,
      new Map([
        [ids.toronto ?? 0, { pageViews: 2, phoneClicks: 1 }],
        [ids.vancouver ?? 0, { pageViews: 1 }],
      ]),
      at,
    );
    expect(await rowsOf(ids.toronto ?? 0)).toMatchObject([
      { day: "2026-11-30", pageViews: 2, phoneClicks: 1, saves: 0 },
    ]);
    expect(await rowsOf(ids.vancouver ?? 0)).toMatchObject([{ day: "2026-11-29", pageViews: 1 }]);
    // And its week is the one that began on Monday the 23rd there.
    const weeks = await weeklyStats(database.db, ids.vancouver ?? 0, at);
    expect(weeks.at(-1)).toMatchObject({ startsOn: "2026-11-23", pageViews: 1 });
  });

  test("a business that is not there is left out, without an error", async () => {
    await addStats(database.db, new Map([[999_999, { pageViews: 1 }]]));
    expect(await rowsOf(999_999)).toEqual([]);
  });

  test("a concurrent burst of 50 increments is all counted", async () => {
    const burst = ids.burst ?? 0;
    await Promise.all(Array.from({ length: 50 }, () => countStat(database.db, burst, "shares")));
    const rows = await rowsOf(burst);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.shares).toBe(50);
  });

  test("views counted in memory are written together, once", async () => {
    const counter = statCounter(database.db, { everyMs: 60_000 });
    const id = ids.toronto ?? 0;
    const before = (await weeklyStats(database.db, id)).at(-1)?.pageViews ?? 0;
    for (let i = 0; i < 3; i += 1) counter.count(id, "pageViews");
    expect((await weeklyStats(database.db, id)).at(-1)?.pageViews).toBe(before);
    await counter.stop();
    await counter.flush();
    expect((await weeklyStats(database.db, id)).at(-1)?.pageViews).toBe(before + 3);
  });
});

describe("saves", () => {
  test("count when a player saves the listing, not when they save it again", async () => {
    const id = ids.vancouver ?? 0;
    await database.db.execute(
      sql`insert into "user" (id, name, email, handle, age) values ('saver', 'Saver', 'saver@example.com', 'saver-handle', 30)`,
    );
    const before = (await weeklyStats(database.db, id)).at(-1)?.saves ?? 0;
    await saveBusiness(database.db, "saver", id);
    await saveBusiness(database.db, "saver", id);
    expect((await weeklyStats(database.db, id)).at(-1)?.saves).toBe(before + 1);
  });
});

describe("what is a view", () => {
  const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
  const view = (path: string, headers: Record<string, string> = { "user-agent": browser }) =>
    viewedBusiness(new Request(`http://localhost${path}`, { headers }));

  test("a person's GET of a business page, in either language, as a page or its data", () => {
    expect(view("/businesses/12")).toBe(12);
    expect(view("/fr/businesses/12")).toBe(12);
    expect(view("/businesses/12.data")).toBe(12);
    expect(view("/businesses/12?sort=newest")).toBe(12);
    expect(
      view("/businesses/12", { "user-agent": browser, referer: "http://localhost/businesses" }),
    ).toBe(12);
  });

  test("not another page, a robot, a request without a browser, nor the page asked again from itself", () => {
    expect(view("/businesses/12/report")).toBeUndefined();
    expect(view("/businesses")).toBeUndefined();
    expect(view("/businesses/abc")).toBeUndefined();
    expect(
      view("/businesses/12", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
    ).toBeUndefined();
    expect(view("/businesses/12", {})).toBeUndefined();
    expect(
      view("/businesses/12.data", {
        "user-agent": browser,
        referer: "http://localhost/businesses/12",
      }),
    ).toBeUndefined();
    expect(
      view("/businesses/12", {
        "user-agent": browser,
        referer: "http://localhost/fr/businesses/12?reviews=x",
      }),
    ).toBeUndefined();
    // Another site's page with the same path is another visit.
    expect(
      view("/businesses/12", {
        "user-agent": browser,
        referer: "https://elsewhere.example/businesses/12",
      }),
    ).toBe(12);
  });
});
