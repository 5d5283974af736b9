import { expect, test } from "vitest";
import { idParts, rowsOfPart, SITEMAP_BATCH, SITEMAP_MAX_URLS, urlSet } from "./sitemap.server.ts";

test("ids are cut into parts of at most 50,000 consecutive ids", () => {
  expect(SITEMAP_MAX_URLS).toBe(50_000);
  expect([0, 1, 50_000, 50_001, 1_000_000].map(idParts)).toEqual([0, 1, 1, 2, 20]);
});

test("a part is read in keyset batches, one query per batch as it is consumed", async () => {
  const asked: [number, number][] = [];
  const between = async (after: number, upTo: number, limit: number) => {
    asked.push([after, upTo]);
    const rows: { id: number; lastmod: Date }[] = [];
    for (let id = after + 1; id <= upTo && rows.length < limit; id += 1)
      rows.push({ id, lastmod: new Date(0) });
    return rows;
  };
  const part = rowsOfPart(3, between);
  const first = await part.next();
  expect(first.value).toHaveLength(SITEMAP_BATCH);
  expect(first.value?.[0]?.id).toBe(100_001);
  // Only what was consumed was read.
  expect(asked).toEqual([[100_000, 150_000]]);
  let count = SITEMAP_BATCH;
  for await (const batch of part) count += batch.length;
  expect(count).toBe(SITEMAP_MAX_URLS);
  expect(asked.at(-1)).toEqual([145_000, 150_000]);
});

test("addresses are escaped for XML, and carry the time of their last change when known", async () => {
  async function* one() {
    yield [
      { loc: "https://example.com/a?b=1&c=<2>" },
      { loc: "https://example.com/b", lastmod: new Date("2026-11-20T15:30:00Z") },
    ];
  }
  let xml = "";
  for await (const chunk of urlSet(one())) xml += chunk;
  expect(xml).toContain("<url><loc>https://example.com/a?b=1&#38;c=&#60;2&#62;</loc></url>");
  expect(xml).toContain(
    "<url><loc>https://example.com/b</loc><lastmod>2026-11-20T15:30:00.000Z</lastmod></url>",
  );
});
