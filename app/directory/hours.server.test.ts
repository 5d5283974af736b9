import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessHours, businessOwner } from "../db/schema/directory.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import { getBusiness, searchBusinesses, summariesOf } from "./businesses.server.ts";
import { saveHours } from "./hours.server.ts";
import type { HoursForm } from "./hours-form.ts";
import type { Manager } from "./owners.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

// Hours saved by an owner, then read back the way cards, the page and the API read them, at fixed
// moments: past midnight, on a holiday, and a listing without hours of its own.

let database: DatabaseHandle;
let barId: number;
let plainId: number;
let owner: Manager;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("nightlife", [
      fixtureBusiness({ slug: "bar", name: "Late Bar", province: "ON", city: "Toronto" }),
      fixtureBusiness({ slug: "plain", name: "Plain Pub", province: "ON", city: "Toronto" }),
    ]),
  ]);
  const rows = await database.db.select({ id: business.id, slug: business.slug }).from(business);
  barId = rows.find((row) => row.slug === "bar")?.id ?? 0;
  plainId = rows.find((row) => row.slug === "plain")?.id ?? 0;
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age) values ('owner', 'Owner', 'o@example.com', 'owner', 30)`,
  );
  await database.db
    .insert(businessOwner)
    .values({ businessId: barId, userId: "owner", via: "code" });
  owner = { id: "owner", role: "owner", businessId: barId, clientAddress: null };
});

afterAll(() => database?.close());

// Tuesday to Saturday, 18:00 to 02:00 the next morning; Sunday and Monday closed.
const evenings: HoursForm = {
  timeZone: "America/Toronto",
  week: [[], ...Array.from({ length: 5 }, () => [{ opens: "18:00", closes: "02:00" }]), []],
  newDay: null,
  remove: [],
};
// 2026-12-24 is a Thursday; Toronto is on EST (UTC−5).
const beforeChristmas = new Date("2026-12-20T12:00:00Z");

describe("hours through the service", () => {
  test("past midnight: open at 01:00 on the night that started the evening before", async () => {
    await saveHours(database.db, owner, evenings, beforeChristmas);
    const oneAmFriday = new Date("2026-12-18T06:00:00Z"); // Friday 01:00, Thursday's evening
    const bar = await getBusiness(database.db, barId, oneAmFriday);
    expect(bar.status).toEqual({
      open: true,
      next: { date: "2026-12-18", time: "02:00", weekday: 5, daysAhead: 0, named: "none" },
    });
    // Monday 01:00 belongs to Sunday, which is closed.
    const oneAmMonday = new Date("2026-12-21T06:00:00Z");
    expect((await getBusiness(database.db, barId, oneAmMonday)).status).toMatchObject({
      open: false,
      next: { date: "2026-12-22", time: "18:00", named: "tomorrow" },
    });
  });

  test("on a closed holiday: closed all evening, and its eve still runs past midnight into it", async () => {
    await saveHours(
      database.db,
      owner,
      { ...evenings, newDay: { date: "2026-12-25", label: "Christmas Day", ranges: [] } },
      beforeChristmas,
    );
    const christmasEvening = new Date("2026-12-26T00:00:00Z"); // Friday 25th, 19:00
    const bar = await getBusiness(database.db, barId, christmasEvening);
    expect(bar.openNow).toBe(false);
    expect(bar.status.next).toMatchObject({ date: "2026-12-26", time: "18:00", named: "tomorrow" });
    expect(bar.hours.specialDays).toEqual([
      { date: "2026-12-25", ranges: [], label: "Christmas Day" },
    ]);
    const oneAmChristmas = new Date("2026-12-25T06:00:00Z");
    expect((await getBusiness(database.db, barId, oneAmChristmas)).openNow).toBe(true);
    // Cards (search and saved lists) read the same hours.
    const page = await searchBusinesses(
      database.db,
      { title: "late bar", location: "" },
      { limit: 5 },
      christmasEvening,
    );
    expect(page.items.map((item) => [item.name, item.openNow])).toEqual([["Late Bar", false]]);
    const [card] = await summariesOf(database.db, [barId], oneAmChristmas);
    expect(card?.status.open).toBe(true);
  });

  test("a listing without weekly hours keeps its daily pair, in its province's zone", async () => {
    const plain = await getBusiness(database.db, plainId, new Date("2026-12-18T15:00:00Z"));
    expect(plain.timeZone).toBe("America/Toronto");
    expect(plain.hours.week).toEqual(
      Array.from({ length: 7 }, () => [{ opens: "09:00", closes: "17:00" }]),
    );
    expect(plain.status).toMatchObject({ open: true, next: { time: "17:00" } });
  });

  test("a new special day before today in the listing's zone is refused, changing nothing", async () => {
    const before = await database.db
      .select()
      .from(businessHours)
      .where(eq(businessHours.businessId, barId));
    const refused = await saveHours(
      database.db,
      owner,
      {
        ...evenings,
        week: evenings.week.map(() => [{ opens: "00:00", closes: "00:00" }]),
        newDay: { date: "2026-12-19", label: "", ranges: [] },
      },
      beforeChristmas,
    ).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.options.problems?.[0]?.field).toBe("new-date");
    expect(
      await database.db.select().from(businessHours).where(eq(businessHours.businessId, barId)),
    ).toEqual(before);
  });

  test("a stranger's save is the 404 and changes nothing", async () => {
    const stranger = { ...owner, id: "nobody" };
    const refused = await saveHours(database.db, stranger, evenings).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe("not_found");
  });
});
