import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { normalizeForSearch } from "../platform/text.ts";
import { countBusinessesByCategory, getBusiness, searchBusinesses } from "./businesses.server.ts";
import { searchQuerySchema } from "./search.ts";
import { seedBusinesses } from "./seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({
        slug: "chez-ginette",
        name: "Café Chez Ginette",
        city: "Montréal",
        province: "QC",
        rating: 4.8,
      }),
      fixtureBusiness({
        slug: "maple-diner",
        name: "Maple Diner",
        city: "Toronto",
        province: "ON",
        rating: 4.2,
      }),
      fixtureBusiness({
        slug: "percent",
        name: "100% Poutine",
        city: "Québec",
        province: "QC",
        rating: 3.9,
      }),
    ]),
    fixtureFile("shopping", [
      fixtureBusiness({
        slug: "cafe-books",
        name: "Cafe Books",
        city: "Vancouver",
        province: "BC",
        rating: 4.8,
      }),
      fixtureBusiness({
        slug: "trois-rivieres-market",
        name: "Marché du Coin",
        city: "Trois-Rivières",
        province: "QC",
        rating: 4.5,
      }),
    ]),
  ]);
});

afterAll(() => database.close());

const search = (title = "", location = "", category?: "restaurants" | "shopping", limit = 10) =>
  searchBusinesses(
    database.db,
    { title: normalizeForSearch(title), location: normalizeForSearch(location), category },
    { limit },
  );

const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name);

describe("searchBusinesses", () => {
  test("no filter lists everything, best rated first", async () => {
    expect(names(await search())).toEqual([
      "Cafe Books",
      "Café Chez Ginette",
      "Marché du Coin",
      "Maple Diner",
      "100% Poutine",
    ]);
  });

  test("title matches part of the name, without case or accents", async () => {
    expect(names(await search("CAFÉ"))).toEqual(["Cafe Books", "Café Chez Ginette"]);
    expect(names(await search("ginet"))).toEqual(["Café Chez Ginette"]);
  });

  test("location matches the city or the province", async () => {
    expect(names(await search("", "montreal"))).toEqual(["Café Chez Ginette"]);
    expect(names(await search("", "qc"))).toEqual([
      "Café Chez Ginette",
      "Marché du Coin",
      "100% Poutine",
    ]);
    expect(names(await search("", "Trois-Rivières"))).toEqual(["Marché du Coin"]);
  });

  test.each([
    ["Montréal, QC", ["Café Chez Ginette"]],
    ["toronto ON", ["Maple Diner"]],
    ["Québec", ["Café Chez Ginette", "Marché du Coin", "100% Poutine"]],
    ["Quebec, Québec", ["100% Poutine"]],
    ["Colombie-Britannique", ["Cafe Books"]],
    ["Ontario", ["Maple Diner"]],
    ["Vancouver, ON", []],
  ])("a location typed as %j names a city and/or a province", async (location, expected) => {
    const { criteria } = searchQuerySchema.parse({ location });
    expect(names(await searchBusinesses(database.db, criteria, { limit: 10 }))).toEqual(expected);
  });

  test("all three conditions must hold", async () => {
    expect(names(await search("caf", "", "shopping"))).toEqual(["Cafe Books"]);
    expect(names(await search("caf", "qc", "shopping"))).toEqual([]);
  });

  test("wildcards typed by a person are taken literally", async () => {
    expect(names(await search("100%"))).toEqual(["100% Poutine"]);
    expect(names(await search("%"))).toEqual(["100% Poutine"]);
    expect(names(await search("_"))).toEqual([]);
  });

  test("paging walks to the end once, without repeats, even across equal ratings", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { searchCursor } = await import("./search.ts");
      const page = await searchBusinesses(
        database.db,
        { title: "", location: "" },
        { limit: 2, cursor: cursor ? searchCursor.decode(cursor) : undefined },
      );
      seen.push(...names(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(names(await search()));
  });
});

test("getBusiness returns the detail with products in order, its rating from its reviews, or not_found", async () => {
  const [first] = (await search("ginette")).items;
  const detail = await getBusiness(database.db, first?.id ?? 0);
  expect(detail).toMatchObject({
    name: "Café Chez Ginette",
    city: "Montréal",
    rating: 4.8,
    reviewCount: 10,
    products: [{ name: { "en-CA": "Thing" } }, { name: { "en-CA": "Other thing" } }],
  });
  await expect(getBusiness(database.db, 999_999)).rejects.toMatchObject({ code: "not_found" });
});

test("countBusinessesByCategory counts every category, zero for empty ones", async () => {
  expect(await countBusinessesByCategory(database.db)).toEqual({
    restaurants: 3,
    shopping: 2,
    nightlife: 0,
    "active-life": 0,
    "beauty-spas": 0,
    "home-services": 0,
    automotive: 0,
    others: 0,
  });
});
