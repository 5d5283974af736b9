import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { business, businessDailyStat, businessOwner } from "../../db/schema/directory.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedBusinesses } from "../../directory/seed.server.ts";
import { countBusinessViews, type StatCounter, statCounter } from "../../directory/stats.server.ts";
import { fixtureBusiness, fixtureFile } from "../../directory/test-fixtures.ts";
import { createTestHost } from "../../platform/test-host.server.ts";

// How a listing is found, through the built site: views counted before the visitors' page cache,
// the counting redirects, the share count, and the manage page that shows them.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let counter: StatCounter;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

beforeAll(async () => {
  database = await createTestDatabase();
  counter = statCounter(database.db, { everyMs: 60_000 });
  request = await createTestHost(database.db, {
    clientIpHeader: "x-real-ip",
    // As in production: most visitors are answered from the cache, and must count all the same.
    pageCacheSeconds: 5,
    beforePageCache: countBusinessViews(counter),
  });
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({
        slug: "counted",
        name: "Chez Compté",
        phone: "+14165550142",
        latitude: 43.65,
        longitude: -79.38,
      }),
      fixtureBusiness({ slug: "bare", name: "Bare Place" }),
    ]),
  ]);
  for (const row of await database.db
    .select({ id: business.id, slug: business.slug })
    .from(business))
    ids[row.slug] = row.id;
  // The seed gives no website; one listing gets a real one, the other one no browser should open.
  await database.db
    .update(business)
    .set({ website: "https://counted.example.test/menu" })
    .where(eq(business.slug, "counted"));
  await database.db
    .update(business)
    .set({ website: "javascript:alert(1)" })
    .where(eq(business.slug, "bare"));
  cookies.owner = await signUpVerified(request, database.db, {
    name: "Owner Tester",
    email: "owner@example.com",
    address: "10.41.0.1",
  });
  cookies.stranger = await signUpVerified(request, database.db, {
    name: "Stranger Tester",
    email: "stranger@example.com",
    address: "10.41.0.2",
  });
  const [owner] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, "owner@example.com"));
  await database.db
    .insert(businessOwner)
    .values({ businessId: ids.counted ?? 0, userId: owner?.id ?? "", via: "code" });
});

afterAll(async () => {
  await counter.stop();
  await database.close();
});

const figures = async (businessId: number) => {
  await counter.flush();
  const rows = await database.db
    .select()
    .from(businessDailyStat)
    .where(eq(businessDailyStat.businessId, businessId));
  const sum = {
    pageViews: 0,
    saves: 0,
    shares: 0,
    websiteClicks: 0,
    phoneClicks: 0,
    directionsClicks: 0,
  };
  for (const row of rows)
    for (const kind of Object.keys(sum) as (keyof typeof sum)[]) sum[kind] += row[kind];
  return sum;
};

const visit = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  request(path, { redirect: "manual", ...init, headers: { "user-agent": BROWSER, ...headers } });

describe("page views", () => {
  test("each visitor's view counts once, those answered from the page cache too; a robot's not", async () => {
    const id = ids.counted ?? 0;
    const before = await figures(id);
    // The first renders the page, the second is the kept copy, the third is in French.
    for (const path of [`/businesses/${id}`, `/businesses/${id}`, `/fr/businesses/${id}`]) {
      expect((await visit(path)).status).toBe(200);
    }
    expect((await visit(`/businesses/${id}`, { "user-agent": BOT })).status).toBe(200);
    // The page's data asked again from the page itself (after one of its forms) is the same visit.
    const again = await visit(`/businesses/${id}.data`, {
      referer: `http://localhost/businesses/${id}`,
    });
    expect(again.status).toBe(200);
    expect((await figures(id)).pageViews).toBe(before.pageViews + 3);
  });

  test("a page that is not there counts nothing", async () => {
    expect((await visit("/businesses/999999")).status).toBe(404);
    await counter.flush();
    const rows = await database.db
      .select()
      .from(businessDailyStat)
      .where(eq(businessDailyStat.businessId, 999_999));
    expect(rows).toEqual([]);
  });
});

describe("the counting redirects", () => {
  test("go to the listing's own website, phone and map, and count each click", async () => {
    const id = ids.counted ?? 0;
    const before = await figures(id);
    for (const [target, location] of [
      ["website", "https://counted.example.test/menu"],
      ["phone", "tel:+14165550142"],
      ["directions", "https://www.openstreetmap.org/?mlat=43.65&mlon=-79.38#map=16/43.65/-79.38"],
    ]) {
      const response = await visit(`/businesses/${id}/go/${target}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(location);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect((await visit(`/fr/businesses/${id}/go/website`)).status).toBe(302);
    const after = await figures(id);
    expect(after.websiteClicks).toBe(before.websiteClicks + 2);
    expect(after.phoneClicks).toBe(before.phoneClicks + 1);
    expect(after.directionsClicks).toBe(before.directionsClicks + 1);
    expect(after.pageViews).toBe(before.pageViews);
  });

  test("go nowhere else: no address from the request, no unsafe website, no other target", async () => {
    const id = ids.counted ?? 0;
    const bare = ids.bare ?? 0;
    const before = await figures(id);
    const elsewhere = await visit(
      `/businesses/${id}/go/website?to=https://evil.example&url=//evil.example`,
    );
    expect(elsewhere.headers.get("location")).toBe("https://counted.example.test/menu");
    for (const path of [
      `/businesses/${bare}/go/website`, // a javascript: address is no website
      `/businesses/${bare}/go/phone`, // no phone
      `/businesses/${id}/go/elsewhere`,
      `/businesses/${id}/go/constructor`,
      "/businesses/999999/go/website",
      "/businesses/abc/go/website",
    ]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location"), path).toBeNull();
    }
    // A robot, or a link checker's HEAD, is sent on, uncounted.
    expect((await visit(`/businesses/${id}/go/website`, { "user-agent": BOT })).status).toBe(302);
    expect((await visit(`/businesses/${id}/go/website`, {}, { method: "HEAD" })).status).toBe(302);
    expect((await figures(id)).websiteClicks).toBe(before.websiteClicks + 1);
  });

  test("the business page links through them", async () => {
    const id = ids.counted ?? 0;
    for (const prefix of ["", "/fr"]) {
      const html = await (await visit(`${prefix}/businesses/${id}`)).text();
      expect(html).toContain(`href="${prefix}/businesses/${id}/go/website"`);
      expect(html).toContain("counted.example.test");
      expect(html).toContain(`href="${prefix}/businesses/${id}/go/phone"`);
      expect(html).toContain(`href="${prefix}/businesses/${id}/go/directions"`);
    }
  });
});

describe("shares", () => {
  test("a POST counts one; a GET is refused; an unknown listing is 404", async () => {
    const id = ids.counted ?? 0;
    const before = await figures(id);
    const post = (path: string, agent = BROWSER) =>
      visit(path, { "user-agent": agent, origin: "http://localhost" }, { method: "POST" });
    expect((await post(`/businesses/${id}/shared`)).status).toBe(204);
    expect((await post(`/businesses/${id}/shared`, BOT)).status).toBe(204);
    expect((await visit(`/businesses/${id}/shared`)).status).toBe(405);
    expect((await post("/businesses/999999/shared")).status).toBe(404);
    expect((await figures(id)).shares).toBe(before.shares + 1);
  });
});

describe("/businesses/{id}/manage/stats", () => {
  const get = (who: string | null, path: string) =>
    visit(path, { cookie: who ? (cookies[who] ?? "") : "" });

  test("shows its owner this week's figures, in a chart and a table, in both languages", async () => {
    const id = ids.counted ?? 0;
    const now = await figures(id);
    for (const [path, words] of [
      [
        `/businesses/${id}/manage/stats`,
        ["How people find this listing", "Page views", "Website clicks"],
      ],
      [
        `/fr/businesses/${id}/manage/stats`,
        ["Comment on trouve cette fiche", "Pages vues", "Clics vers le site web"],
      ],
    ] as const) {
      const response = await get("owner", path);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
      expect(html).toContain('role="img"');
      // The table's last week holds this week's views.
      const rows = [...html.matchAll(/<tr[^>]*><th scope="row"[^>]*>.*?<\/tr>/gs)].map((m) => m[0]);
      expect(rows).toHaveLength(13); // 12 weeks and the total
      expect(rows[11]).toContain(`>${now.pageViews}</td>`);
    }
  });

  test("is the site's 404 for a visitor and for another player", async () => {
    const id = ids.counted ?? 0;
    expect((await get(null, `/businesses/${id}/manage/stats`)).status).toBe(404);
    expect((await get("stranger", `/businesses/${id}/manage/stats`)).status).toBe(404);
    expect((await get("stranger", `/fr/businesses/${id}/manage/stats.data`)).status).toBe(404);
  });
});
