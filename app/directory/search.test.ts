import { describe, expect, test } from "vitest";
import { normalizeForSearch } from "../platform/text.ts";
import { searchHref } from "./links.ts";
import { parseBusinessId, parseSearch, searchCursor } from "./search.ts";

const parse = (query: string) => parseSearch(new URLSearchParams(query));

describe("parseSearch", () => {
  test("an empty search matches everything, 12 at a time", () => {
    expect(parse("title=&location=&category=")).toEqual({
      ok: true,
      search: {
        form: { title: "", location: "", category: "" },
        criteria: { title: "", location: "", category: undefined },
        cursor: undefined,
        limit: 12,
      },
    });
  });

  test("title and location are matched without case, accents or extra spaces", () => {
    const result = parse("title=%20%20Café%20%20DU%20Coin%20&location=Montréal");
    expect(result.ok && result.search.criteria).toMatchObject({
      title: "cafe du coin",
      location: "montreal",
    });
    expect(result.ok && result.search.form.title).toBe("Café  DU Coin");
  });

  test.each([
    ["All Categories", undefined],
    ["all categories", undefined],
    ["Restaurants", "restaurants"],
    ["beauty & spas", "beauty-spas"],
    ["ACTIVE LIFE", "active-life"],
    ["home-services", "home-services"],
    ["Others", "others"],
  ])("category %j selects %j", (value, slug) => {
    const result = parse(`category=${encodeURIComponent(value)}`);
    expect(result.ok && result.search.criteria.category).toBe(slug);
  });

  test("every bad parameter is reported, in field order, and nothing runs", () => {
    const result = parse(`title=${"a".repeat(101)}&category=Spaceships&cursor=bogus&limit=0`);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      { field: "title", code: "too_long" },
      { field: "category", code: "unknown_category" },
      { field: "cursor", code: "invalid_cursor" },
      { field: "limit", code: "invalid_limit" },
    ]);
  });

  test.each(["0", "51", "2.5", "ten", "-1", ""])("limit %j is refused", (limit) => {
    expect(parse(`limit=${limit}`).ok).toBe(false);
  });

  test("a limit of 1 to 50 is taken", () => {
    const result = parse("limit=50");
    expect(result.ok && result.search.limit).toBe(50);
  });
});

describe("cursors", () => {
  test("a cursor reads back as it was written", () => {
    expect(searchCursor.decode(searchCursor.encode({ rating: "4.5", id: 1234 }))).toEqual({
      rating: "4.5",
      id: 1234,
    });
  });

  test.each([
    ["", "empty"],
    [Buffer.from("4.5").toString("base64url"), "no id"],
    [Buffer.from("4.5|0").toString("base64url"), "id zero"],
    [Buffer.from("4.5|9999999999").toString("base64url"), "id beyond a serial column"],
    [Buffer.from("9999|1").toString("base64url"), "not a rating"],
    [Buffer.from("4.5|1; drop table business").toString("base64url"), "trailing text"],
  ])("a made-up cursor is refused (%s: %s)", (value) => {
    expect(searchCursor.decode(value)).toBeUndefined();
  });
});

describe("normalizeForSearch", () => {
  test.each([
    ["Montréal", "montreal"],
    ["TROIS-RIVIÈRES", "trois-rivieres"],
    ["  Crème   brûlée ", "creme brulee"],
    ["Ça va", "ca va"],
  ])("%j becomes %j", (input, expected) => {
    expect(normalizeForSearch(input)).toBe(expected);
  });
});

test("searchHref keeps empty fields as the spec's links do", () => {
  expect(searchHref({ category: "Beauty & Spas" })).toBe(
    "/businesses?title=&location=&category=Beauty+%26+Spas",
  );
  expect(searchHref({ title: "café" }, "abc")).toBe(
    "/businesses?title=caf%C3%A9&location=&category=&cursor=abc",
  );
});

test.each([
  ["12", 12],
  ["1", 1],
  ["0", undefined],
  ["012", undefined],
  ["abc", undefined],
  ["12abc", undefined],
  ["9999999999", undefined],
])("business id %j reads as %j", (value, id) => {
  expect(parseBusinessId(value)).toBe(id);
});
