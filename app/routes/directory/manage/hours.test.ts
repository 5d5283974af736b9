import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import {
  business,
  businessHours,
  businessOwner,
  businessSpecialDay,
} from "../../../db/schema/directory.ts";
import { auditEvent } from "../../../db/schema/platform.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import { localToday } from "../../../directory/hours.ts";
import { seedBusinesses } from "../../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../../directory/test-fixtures.ts";
import { createTestHost, TEST_BASE_URL } from "../../../platform/test-host.server.ts";

// The manage page `hours` through the built site: an owner saves the week, the zone and a closed
// holiday, and the API and the page say so; a stranger gets the 404 and changes nothing; a refused
// form changes nothing and says why beside the field.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};
let businessId = 0;

async function player(name: string, address: string) {
  const email = `${name}@example.com`;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name} Tester`,
    email,
    address,
  });
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id as string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ name: "Chez Heures", province: "NL", city: "St. John's" }),
    ]),
  ]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
  const ownerId = await player("owner", "10.41.0.1");
  await player("stranger", "10.41.0.2");
  await database.db.insert(businessOwner).values({ businessId, userId: ownerId, via: "code" });
});

afterAll(() => database.close());

const page = (who: string | null, path = `/businesses/${businessId}/manage/hours`) =>
  request(path, { redirect: "manual", headers: { cookie: who ? (cookies[who] ?? "") : "" } });

const post = (who: string, fields: Record<string, string>, path = "") =>
  request(`${path}/businesses/${businessId}/manage/hours`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookies[who] ?? "",
    },
    body: new URLSearchParams(fields).toString(),
  });

/** Monday to Friday 09:00–12:00 and 13:00–17:00, the weekend closed, in St. John's. */
const weekdays = (): Record<string, string> => {
  const fields: Record<string, string> = { timeZone: "America/St_Johns" };
  for (const day of [1, 2, 3, 4, 5]) {
    Object.assign(fields, {
      [`d${day}-r0-opens`]: "09:00",
      [`d${day}-r0-closes`]: "12:00",
      [`d${day}-r1-opens`]: "13:00",
      [`d${day}-r1-closes`]: "17:00",
    });
  }
  return { ...fields, "d6-closed": "on", "d7-closed": "on" };
};

const weeklyRows = () =>
  database.db.select().from(businessHours).where(eq(businessHours.businessId, businessId));

describe("/businesses/{id}/manage/hours", () => {
  test("opens for an owner in both languages, with the province's zone chosen", async () => {
    for (const [path, words] of [
      ["", ["Opening hours", "Save hours", "Newfoundland Time"]],
      ["/fr", ["Heures d’ouverture", "Enregistrer les heures", "Heure de Terre-Neuve"]],
    ] as const) {
      const response = await page("owner", `${path}/businesses/${businessId}/manage/hours`);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
      expect(html).toMatch(/<option value="America\/St_Johns" selected="">/);
    }
  });

  test("is the 404 for a visitor and a stranger, whose post changes nothing", async () => {
    expect((await page(null)).status).toBe(404);
    expect((await page("stranger")).status).toBe(404);
    expect((await post("stranger", weekdays())).status).toBe(404);
    expect(await weeklyRows()).toEqual([]);
  });

  test("an owner saves the week and a closed holiday today: the API says closed, in the audit", async () => {
    const today = localToday("America/St_Johns", new Date());
    const response = await post("owner", {
      ...weekdays(),
      "new-date": today,
      "new-label": "Regatta Day",
      "new-closed": "on",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Hours saved.");
    expect(await weeklyRows()).toHaveLength(10);

    const api = await (await request(`/api/businesses/${businessId}`)).json();
    expect(api.timeZone).toBe("America/St_Johns");
    expect(api.openNow).toBe(false);
    expect(api.status.open).toBe(false);
    expect(api.hours.week[0]).toEqual([
      { opens: "09:00", closes: "12:00" },
      { opens: "13:00", closes: "17:00" },
    ]);
    expect(api.hours.week[5]).toEqual([]);
    expect(api.hours.specialDays).toEqual([{ date: today, ranges: [], label: "Regatta Day" }]);

    const [audit] = await database.db
      .select({ action: auditEvent.action, role: auditEvent.actorRole, after: auditEvent.after })
      .from(auditEvent)
      .where(eq(auditEvent.action, "business.hours_update"));
    expect(audit?.role).toBe("owner");
    expect(audit?.after).toMatchObject({ timeZone: "America/St_Johns" });

    const publicPage = await (await request(`/businesses/${businessId}`)).text();
    expect(publicPage).toContain("Regatta Day");
    expect(publicPage).toMatch(/Closed · opens/);

    // Removing the holiday: today's weekly hours rule again.
    expect((await post("owner", { ...weekdays(), [`remove-${today}`]: "on" })).status).toBe(200);
    const rows = await database.db
      .select()
      .from(businessSpecialDay)
      .where(and(eq(businessSpecialDay.businessId, businessId)));
    expect(rows).toEqual([]);
  });

  test("a refused form changes nothing and names the field: overlap, past date, bad zone", async () => {
    const before = await weeklyRows();
    const cases: [Record<string, string>, string, string][] = [
      [
        { ...weekdays(), "d1-r1-opens": "11:00" },
        "This range overlaps another one on the same day.",
        "d1-r1-opens",
      ],
      [{ ...weekdays(), "d2-r0-opens": "25:00" }, "Give a time such as 09:00.", "d2-r0-opens"],
      [
        { ...weekdays(), "new-date": "2020-01-01", "new-closed": "on" },
        "That date has passed: choose today or a later one.",
        "new-date",
      ],
      [
        { ...weekdays(), "new-date": "2099-01-01" },
        "Give the day’s hours, or tick “Closed that day”.",
        "new-r0-opens",
      ],
      [{ ...weekdays(), timeZone: "Europe/Paris" }, "Choose one of the time zones", "timeZone"],
      [{ ...weekdays(), "d1-r9-opens": "10:00" }, "", ""],
    ];
    for (const [fields, message, field] of cases) {
      const response = await post("owner", fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      if (field)
        expect(html.match(new RegExp(`<[^>]*name="${field}"[^>]*>`))?.[0]).toContain(
          `aria-invalid="true"`,
        );
    }
    // In French too.
    const french = await post("owner", { ...weekdays(), "d1-r1-opens": "11:00" }, "/fr");
    expect(await french.text()).toContain("Cette plage chevauche une autre plage du même jour.");
    expect(await weeklyRows()).toEqual(before);
  });
});
