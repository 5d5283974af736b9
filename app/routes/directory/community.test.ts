import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { business, businessReport, review } from "../../db/schema/directory.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedBusinesses } from "../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../directory/test-fixtures.ts";
import { LIMITS } from "../../platform/limits.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let alice: string;
let bob: string;
const ids: Record<string, number> = {};
const TEXT = "Warm welcome and a quiet room at the back.";

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({
        slug: "tricky",
        name: "Tom </script><b>& Jerry</b>",
        phone: "+14165550123",
      }),
      fixtureBusiness({ slug: "plain", name: "Plain Diner", opensAt: "08:00", closesAt: "20:00" }),
    ]),
    fixtureFile("others", [fixtureBusiness({ slug: "other", name: "Odd Place", reviews: [] })]),
  ]);
  for (const row of await database.db
    .select({ id: business.id, slug: business.slug })
    .from(business))
    ids[row.slug] = row.id;
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  alice = await signUpVerified(request, database.db, {
    name: "Alice Martin",
    email: "alice@example.com",
    address: "10.7.0.1",
    age: 30,
  });
  bob = await signUpVerified(request, database.db, {
    name: "Bob Tremblay",
    email: "bob@example.com",
    address: "10.7.0.2",
    age: 30,
  });
});

afterAll(() => database.close());

const json = (cookie: string, body: unknown, method = "POST", language = "en-CA") => ({
  method,
  headers: {
    cookie,
    origin: TEST_BASE_URL,
    "content-type": "application/json",
    "accept-language": language,
  },
  body: JSON.stringify(body),
});

const form = (fields: Record<string, string>, cookie?: string) => ({
  method: "POST",
  headers: {
    origin: TEST_BASE_URL,
    "content-type": "application/x-www-form-urlencoded",
    ...(cookie ? { cookie } : {}),
  },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual" as const,
});

describe("the reviews API", () => {
  test("write once, then only the author edits or deletes; another player gets 404", async () => {
    const id = ids.plain as number;
    const created = await request(
      `/api/businesses/${id}/reviews`,
      json(alice, { rating: 5, body: TEXT }),
    );
    expect(created.status).toBe(201);
    const { id: reviewId } = await created.json();
    const again = await request(
      `/api/businesses/${id}/reviews`,
      json(alice, { rating: 1, body: TEXT }),
    );
    expect(again.status).toBe(409);
    expect(
      (await request(`/api/reviews/${reviewId}`, json(bob, { rating: 1, body: TEXT }, "PATCH")))
        .status,
    ).toBe(404);
    expect(
      (
        await request(`/api/reviews/${reviewId}`, {
          method: "DELETE",
          headers: { cookie: bob, origin: TEST_BASE_URL },
        })
      ).status,
    ).toBe(404);

    const listed = await (
      await request(`/api/businesses/${id}/reviews?sort=highest`, { headers: { cookie: alice } })
    ).json();
    expect(listed.items[0]).toMatchObject({
      id: reviewId,
      rating: 5,
      mine: true,
      editedAt: null,
      author: { name: "Alice Martin" },
    });
    expect(JSON.stringify(listed)).not.toContain("alice@example.com");

    const patched = await request(
      `/api/reviews/${reviewId}`,
      json(alice, { rating: 3, body: TEXT }, "PATCH"),
    );
    expect(patched.status).toBe(204);
    const detail = await (await request(`/api/businesses/${id}`)).json();
    expect(detail).toMatchObject({ rating: 3.5, reviewCount: 2 });

    const deleted = await request(`/api/reviews/${reviewId}`, {
      method: "DELETE",
      headers: { cookie: alice, origin: TEST_BASE_URL },
    });
    expect(deleted.status).toBe(204);
    expect(await (await request(`/api/businesses/${id}`)).json()).toMatchObject({
      rating: 4,
      reviewCount: 1,
    });
  });

  test("refused writes count against the limit too: past it, 429 before the input is read", async () => {
    const carol = await signUpVerified(request, database.db, {
      name: "Carol Roy",
      email: "carol@example.com",
      address: "10.7.0.3",
      age: 30,
    });
    const id = ids.plain as number;
    for (let attempt = 0; attempt < LIMITS["directory-write"].max; attempt += 1)
      expect(
        (await request(`/api/businesses/${id}/reviews`, json(carol, { rating: 9, body: "" })))
          .status,
      ).toBe(400);
    const refused = await request(
      `/api/businesses/${id}/reviews`,
      json(carol, { rating: 5, body: TEXT }, "POST", "fr-CA"),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({
      code: "too_many_requests",
      message: expect.stringContaining("Vous avez beaucoup écrit en peu de temps."),
    });
  });

  test("bad input is a 400 naming the field; a visitor is a 401", async () => {
    const id = ids.plain as number;
    const short = await request(
      `/api/businesses/${id}/reviews`,
      json(bob, { rating: 5, body: "Too short." }),
    );
    expect(short.status).toBe(400);
    expect((await short.json()).error.details[0].field).toBe("body");
    const stars = await request(
      `/api/businesses/${id}/reviews`,
      json(bob, { rating: 6, body: TEXT }),
    );
    expect(stars.status).toBe(400);
    const visitor = await request(`/api/businesses/${id}/reviews`, {
      method: "POST",
      headers: { origin: TEST_BASE_URL, "content-type": "application/json" },
      body: JSON.stringify({ rating: 5, body: TEXT }),
    });
    expect(visitor.status).toBe(401);
    expect((await request("/api/businesses/999999/reviews")).status).toBe(404);
    expect((await request(`/api/businesses/${id}/reviews?cursor=nope`)).status).toBe(400);
  });
});

describe("questions, answers, reports and saved businesses over the API", () => {
  test("ask, answer, list; report; save and unsave", async () => {
    const id = ids.other as number;
    const asked = await request(
      `/api/businesses/${id}/questions`,
      json(bob, { question: "Is it open on holidays?" }),
    );
    expect(asked.status).toBe(201);
    const { id: questionId } = await asked.json();
    const answered = await request(
      `/api/questions/${questionId}/answers`,
      json(alice, { answer: "Yes, all of them." }),
    );
    expect(answered.status).toBe(201);
    const { id: answerId } = await answered.json();
    const page = await (await request(`/api/businesses/${id}/questions`)).json();
    expect(page.items[0]).toMatchObject({
      question: "Is it open on holidays?",
      author: { name: "Bob Tremblay" },
      answers: [{ id: answerId, body: "Yes, all of them.", author: { name: "Alice Martin" } }],
    });
    expect(
      (await request(`/api/answers/${answerId}/reports`, json(bob, { reason: "false" }))).status,
    ).toBe(204);
    const again = await request(
      `/api/answers/${answerId}/reports`,
      json(bob, { reason: "spam" }, "POST", "fr-CA"),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: "already_reported", message: "Vous l’avez déjà signalé." },
    });
    expect(
      (await request(`/api/questions/${questionId}/reports`, json(alice, { reason: "nope" })))
        .status,
    ).toBe(400);
    expect(
      (await request("/api/reviews/999999/reports", json(alice, { reason: "spam" }))).status,
    ).toBe(404);

    expect(
      (
        await request(`/api/me/saved-businesses/${id}`, {
          method: "PUT",
          headers: { cookie: bob, origin: TEST_BASE_URL },
        })
      ).status,
    ).toBe(204);
    const saved = await (
      await request("/api/me/saved-businesses", { headers: { cookie: bob } })
    ).json();
    expect(saved.items.map((item: { id: number }) => item.id)).toEqual([id]);
    expect(
      (
        await request(`/api/me/saved-businesses/${id}`, {
          method: "DELETE",
          headers: { cookie: bob, origin: TEST_BASE_URL },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await request("/api/me/saved-businesses/999999", {
          method: "PUT",
          headers: { cookie: bob, origin: TEST_BASE_URL },
        })
      ).status,
    ).toBe(404);
  });
});

describe("reporting a business", () => {
  test("over the API: a player and a visitor once each; a repeat is 409 already_reported", async () => {
    const id = ids.plain as number;
    const path = `/api/businesses/${id}/reports`;
    expect((await request(path, json(alice, { reason: "false", details: "Closed." }))).status).toBe(
      204,
    );
    const again = await request(path, json(alice, { reason: "spam" }));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: "already_reported", message: "You already reported this." },
    });
    const visitor = (body: unknown) =>
      request(path, {
        method: "POST",
        headers: {
          origin: TEST_BASE_URL,
          "content-type": "application/json",
          "x-real-ip": "10.7.5.1",
        },
        body: JSON.stringify(body),
      });
    expect((await visitor({ reason: "nope" })).status).toBe(400);
    expect((await visitor({ reason: "spam" })).status).toBe(204);
    expect((await visitor({ reason: "spam" })).status).toBe(409);
    expect(
      (await request("/api/businesses/999999/reports", json(alice, { reason: "spam" }))).status,
    ).toBe(404);
    const stored = await database.db
      .select({ reporter: businessReport.reporter })
      .from(businessReport)
      .where(eq(businessReport.businessId, id));
    expect(stored).toHaveLength(2);
  });

  test("by the page: a visitor's form, then the page says it was already reported", async () => {
    const id = ids.other as number;
    const here = `/fr/businesses/${id}/report`;
    const page = await (await request(here)).text();
    expect(page).toContain("Signaler cette entreprise");
    const visitorForm = (fields: Record<string, string>) => {
      const init = form(fields);
      return { ...init, headers: { ...init.headers, "x-real-ip": "10.7.5.2" } };
    };
    const sent = await request(here, visitorForm({ reason: "other", details: "Moved away." }));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/fr/businesses/${id}?notice=reported`);
    const again = await request(here, visitorForm({ reason: "spam" }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Vous l’avez déjà signalé.");
    const stored = await database.db
      .select({ reason: businessReport.reason })
      .from(businessReport)
      .where(eq(businessReport.businessId, id));
    expect(stored).toEqual([{ reason: "other" }]);
  });
});

describe("the business page", () => {
  test("a review posted by the form, then the writing limit: 429 with Retry-After and the message", async () => {
    const id = ids.tricky as number;
    const here = `/businesses/${id}`;
    const posted = await request(here, form({ intent: "review", rating: "4", body: TEXT }, bob));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(`${here}?notice=review-posted#reviews`);
    const page = await (await request(here, { headers: { cookie: bob } })).text();
    expect(page).toContain("Your review");
    expect(page).toContain("Bob Tremblay");

    // Changing one's review counts as writing too: the limit comes within a dozen edits.
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const reviews = await (
        await request(`/api/businesses/${id}/reviews`, { headers: { cookie: bob } })
      ).json();
      const own = reviews.items.find((item: { mine: boolean }) => item.mine);
      answer = await request(
        here,
        form({ intent: "review-update", reviewId: String(own.id), rating: "5", body: TEXT }, bob),
      );
      if (answer.status === 429) break;
    }
    expect(answer?.status).toBe(429);
    expect(Number(answer?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await answer?.text()).toContain(
      "You have written a lot in a short time. Please try again in",
    );
    const api = await request(
      `/api/businesses/${id}/questions`,
      json(bob, { question: "One more question here?" }),
    );
    expect(api.status).toBe(429);
    expect(api.headers.get("retry-after")).toBeTruthy();
  });

  test("a visitor's Save goes to log in and comes back to a confirmation; only a POST saves", async () => {
    const id = ids.plain as number;
    const here = `/fr/businesses/${id}`;
    const visitor = await request(here, form({ intent: "save", returnTo: "/fr/businesses" }));
    expect(visitor.status).toBe(302);
    const login = new URL(visitor.headers.get("location") ?? "", TEST_BASE_URL);
    expect(login.pathname).toBe("/fr/login");
    expect(login.searchParams.get("redirectTo")).toBe(`${here}?save`);
    const pending = (visitor.headers.get("set-cookie") ?? "").split(";")[0];
    expect(pending).toBe(`nearby-save-business=${id}`);

    // Back after signing in: the page asks, and nothing is saved by reading it.
    const cookie = `${alice}; ${pending}`;
    const back = await (await request(`${here}?save`, { headers: { cookie } })).text();
    expect(back).toContain("Enregistrer Plain Diner dans vos lieux");
    const before = await (
      await request("/api/me/saved-businesses", { headers: { cookie: alice } })
    ).json();
    expect(before.items).toEqual([]);

    const saved = await request(here, form({ intent: "save", via: "fetch" }, cookie));
    expect(saved.status).toBe(200);
    expect(saved.headers.get("set-cookie")).toContain("nearby-save-business=; ");
    const after = await (
      await request("/api/me/saved-businesses", { headers: { cookie: alice } })
    ).json();
    expect(after.items.map((item: { id: number }) => item.id)).toEqual([id]);
    const card = await (await request("/fr/businesses", { headers: { cookie: alice } })).text();
    expect(card).toMatch(/aria-pressed="true" aria-label="Enregistrer Plain Diner"/);

    // Without JavaScript a card's form goes back where it came from.
    const unsaved = await request(
      here,
      form({ intent: "unsave", returnTo: "/fr/businesses?title=plain" }, alice),
    );
    expect(unsaved.headers.get("location")).toBe("/fr/businesses?title=plain&notice=unsaved");
    const elsewhere = await request(
      here,
      form({ intent: "save", returnTo: "//evil.example" }, alice),
    );
    expect(elsewhere.headers.get("location")).toBe(`${here}?notice=saved`);
  });

  test("JSON-LD: the closest type, address, position, hours, price and the reviews' rating, with < escaped", async () => {
    const html = await (await request(`/businesses/${ids.tricky}`)).text();
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
    expect(script).not.toContain("<");
    const data = JSON.parse(script);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: "Tom </script><b>& Jerry</b>",
      url: `${TEST_BASE_URL}/businesses/${ids.tricky}`,
      address: {
        "@type": "PostalAddress",
        addressLocality: "Toronto",
        addressRegion: "ON",
        addressCountry: "CA",
      },
      geo: { "@type": "GeoCoordinates", latitude: 43.65, longitude: -79.38 },
      priceRange: "$10.00+",
      telephone: "+14165550123",
    });
    // Without weekly hours of its own, the listing's daily pair, one specification per weekday.
    expect(data.openingHoursSpecification).toHaveLength(7);
    expect(data.openingHoursSpecification[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "09:00",
      closes: "17:00",
    });
    const [row] = await database.db
      .select({ rating: business.rating, reviewCount: business.reviewCount })
      .from(business)
      .where(eq(business.id, ids.tricky as number));
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: Number(row?.rating),
      reviewCount: row?.reviewCount,
      bestRating: 5,
      worstRating: 1,
    });
    const unreviewed = await (await request(`/fr/businesses/${ids.other}`)).text();
    const other = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(unreviewed)?.[1] ?? "",
    );
    expect(other["@type"]).toBe("LocalBusiness");
    expect(other.aggregateRating).toBeUndefined();
    expect(other.telephone).toBeUndefined();
  });

  test("the phone number: a link to call it written as people here write it, and in the API", async () => {
    for (const path of [`/businesses/${ids.tricky}`, `/fr/businesses/${ids.tricky}`]) {
      const html = await (await request(path)).text();
      // Through the counting redirect to tel:+14165550123 (go.ts, tested in stats.test.ts).
      expect(html).toMatch(
        new RegExp(`<a href="${path}/go/phone"[^>]*>.*\\(416\\)\u00a0555\u20110123</a>`),
      );
    }
    expect(await (await request(`/businesses/${ids.other}`)).text()).not.toContain("/go/phone");
    expect(await (await request(`/api/businesses/${ids.tricky}`)).json()).toMatchObject({
      phone: "+14165550123",
    });
    expect(await (await request(`/api/businesses/${ids.other}`)).json()).toMatchObject({
      phone: null,
    });
  });
});

describe("sitemaps and robots.txt", () => {
  test("an index of each language's sitemaps, absolute from BASE_URL, each listing its pages", async () => {
    const index = await request("/sitemap.xml", { headers: { host: "evil.example" } });
    expect(index.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await index.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex')).toBe(true);
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      `${TEST_BASE_URL}/sitemaps/en-pages.xml`,
      `${TEST_BASE_URL}/sitemaps/en-businesses-1.xml`,
      `${TEST_BASE_URL}/sitemaps/fr-pages.xml`,
      `${TEST_BASE_URL}/sitemaps/fr-businesses-1.xml`,
    ]);

    const businesses = await (await request("/sitemaps/fr-businesses-1.xml")).text();
    expect([...businesses.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])).toEqual(
      Object.values(ids)
        .sort((a, b) => a - b)
        .map((id) => `${TEST_BASE_URL}/fr/businesses/${id}`),
    );
    const pages = await (await request("/sitemaps/en-pages.xml")).text();
    expect(pages).toContain(`<loc>${TEST_BASE_URL}/</loc>`);
    expect(pages).toContain(`<loc>${TEST_BASE_URL}/businesses</loc>`);
    expect(pages).toContain(`<loc>${TEST_BASE_URL}/privacy</loc>`);
    expect((await request("/sitemaps/de-pages.xml")).status).toBe(404);
    expect((await request("/sitemaps/en-businesses-0.xml")).status).toBe(404);
  });

  test("gzip is streamed when the client takes it", async () => {
    const answer = await request("/sitemaps/en-businesses-1.xml", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    const xml = gunzipSync(Buffer.from(await answer.arrayBuffer())).toString("utf8");
    expect(xml).toContain(`<loc>${TEST_BASE_URL}/businesses/${ids.plain}</loc>`);
    expect(xml.endsWith("</urlset>\n")).toBe(true);
  });

  test("robots.txt points at the sitemap", async () => {
    const robots = await (await request("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /api/");
  });
});

describe("what moderators hid", () => {
  test("a hidden business answers 410 on its page (in the address's language) and in the API, and comes back when shown", async () => {
    const id = ids.other as number;
    const hide = (hidden: boolean) =>
      database.db
        .update(business)
        .set(
          hidden
            ? { hiddenAt: new Date(), hiddenReason: "fraud" }
            : { hiddenAt: null, hiddenReason: null },
        )
        .where(eq(business.id, id));
    await hide(true);
    const api = await request(`/api/businesses/${id}`);
    expect(api.status).toBe(410);
    expect(await api.json()).toMatchObject({ error: { code: "gone" } });
    const page = await request(`/fr/businesses/${id}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("Cette page a été retirée par les modérateurs.");
    const list = await (await request("/api/businesses?title=odd")).json();
    expect(list.items).toEqual([]);
    await hide(false);
    expect((await request(`/api/businesses/${id}`)).status).toBe(200);
  });

  test("a hidden review is only its marker in the API: no text, author or stars", async () => {
    const id = ids.plain as number;
    // A writer of their own: the tests above spend the daily writing allowance of Alice and Bob.
    const dana = await signUpVerified(request, database.db, {
      name: "Dana Roy",
      email: "dana@example.com",
      address: "10.7.0.4",
      age: 30,
    });
    const created = await request(
      `/api/businesses/${id}/reviews`,
      json(dana, { rating: 2, body: "Rude staff, ask for Jean at 555-0142." }),
    );
    expect(created.status).toBe(201);
    const { id: reviewId } = await created.json();
    await database.db
      .update(review)
      .set({ hiddenAt: new Date(), hiddenReason: "personal" })
      .where(eq(review.id, reviewId));
    const body = await (await request(`/api/businesses/${id}/reviews`)).json();
    expect(body.items.find((item: { id: number }) => item.id === reviewId)).toEqual({
      id: reviewId,
      removed: "personal",
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toContain("555-0142");
  });
});
