import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { fixturePosting, insertFixtures } from "../../jobs/test-fixtures.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { seedProducts } from "../../shop/seed.server.ts";
import { fixtureProduct } from "../../shop/test-fixtures.ts";

const DAY = 24 * 3_600_000;
let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let openJob: number;
let closedJob: number;
let pastJob: number;
const openUpdated = new Date(Date.now() - 2 * DAY);

beforeAll(async () => {
  database = await createTestDatabase();
  const postedLongAgo = new Date(Date.now() - 60 * DAY);
  [openJob, closedJob, pastJob] = (await insertFixtures(database.db, [
    fixturePosting({ postedAt: new Date(Date.now() - 5 * DAY), updatedAt: openUpdated }),
    fixturePosting(),
    fixturePosting({
      postedAt: postedLongAgo,
      updatedAt: postedLongAgo,
      closesAt: new Date(Date.now() - DAY),
    }),
  ])) as [number, number, number];
  await database.db.$client.query(
    "update job set status = 'closed', is_open = false where id = $1",
    [closedJob],
  );
  await seedProducts(database.db, [
    fixtureProduct({
      slug: "in-stock",
      salePriceCents: 1500,
      originalPriceCents: 1900,
      onSale: true,
    }),
    fixtureProduct({ slug: "sold-out", stock: 0 }),
  ]);
  request = await createTestHost(database.db);
});

afterAll(() => database.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);

async function productIds(): Promise<Record<string, number>> {
  const { rows } = await database.db.$client.query<{ slug: string; id: number }>(
    "select slug, id from product",
  );
  return Object.fromEntries(rows.map((row) => [row.slug, row.id]));
}

describe("sitemaps", () => {
  test("the index names the products' sitemaps beside the jobs'", async () => {
    const index = locs(await (await request("/sitemap.xml")).text());
    expect(index).toContain(`${TEST_BASE_URL}/sitemaps/en-jobs-1.xml`);
    expect(index).toContain(`${TEST_BASE_URL}/sitemaps/en-products-1.xml`);
    expect(index).toContain(`${TEST_BASE_URL}/sitemaps/fr-products-1.xml`);
  });

  test("only jobs that take applications are listed, each with its last change", async () => {
    const xml = await (await request("/sitemaps/en-jobs-1.xml")).text();
    expect(locs(xml)).toEqual([`${TEST_BASE_URL}/jobs/${openJob}`]);
    expect(xml).toContain(
      `<loc>${TEST_BASE_URL}/jobs/${openJob}</loc><lastmod>${openUpdated.toISOString()}</lastmod>`,
    );
    expect(xml).not.toContain(`/jobs/${closedJob}<`);
    expect(xml).not.toContain(`/jobs/${pastJob}<`);
  });

  test("every product page is listed in each language, with a lastmod", async () => {
    const ids = await productIds();
    const xml = await (await request("/sitemaps/fr-products-1.xml")).text();
    expect(locs(xml)).toEqual(
      Object.values(ids)
        .sort((a, b) => a - b)
        .map((id) => `${TEST_BASE_URL}/fr/shop/${id}`),
    );
    expect(xml.match(/<lastmod>/g)).toHaveLength(2);
    expect((await request("/sitemaps/en-products-0.xml")).status).toBe(404);
  });
});

function jsonLd(html: string): Record<string, unknown> {
  return JSON.parse(
    /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "null",
  );
}

describe("product pages", () => {
  test("carry a Product with its offer: the price charged now, in CAD, and availability", async () => {
    const ids = await productIds();
    const inStock = jsonLd(await (await request(`/fr/shop/${ids["in-stock"]}`)).text());
    expect(inStock).toMatchObject({
      "@type": "Product",
      url: `${TEST_BASE_URL}/fr/shop/${ids["in-stock"]}`,
      offers: {
        "@type": "Offer",
        price: "15.00",
        priceCurrency: "CAD",
        availability: "https://schema.org/InStock",
      },
    });
    expect(typeof inStock.name).toBe("string");
    const soldOut = jsonLd(await (await request(`/shop/${ids["sold-out"]}`)).text());
    expect(soldOut).toMatchObject({
      offers: { price: "20.00", availability: "https://schema.org/OutOfStock" },
    });
  });
});

describe("canonical links", () => {
  const canonical = (html: string) =>
    /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;

  test("each page names itself in its own language, without a passing notice", async () => {
    expect(canonical(await (await request("/businesses")).text())).toBe(
      `${TEST_BASE_URL}/businesses`,
    );
    expect(canonical(await (await request("/fr/jobs?keywords=payroll")).text())).toBe(
      `${TEST_BASE_URL}/fr/jobs?keywords=payroll`,
    );
    expect(canonical(await (await request("/fr/shop?notice=added")).text())).toBe(
      `${TEST_BASE_URL}/fr/shop`,
    );
  });

  test("a page that is not found has none", async () => {
    const missing = await request("/no-such-page");
    expect(missing.status).toBe(404);
    expect(canonical(await missing.text())).toBeNull();
  });
});
