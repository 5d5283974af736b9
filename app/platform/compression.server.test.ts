import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import {
  compressAnswer,
  preferredEncoding,
  SYNC_COMPRESSION_MAX_BYTES,
} from "./compression.server.ts";

describe("compressAnswer", () => {
  const text = (bytes: number) =>
    new TextEncoder().encode(
      JSON.stringify({ items: "Développeuse web à Montréal, ".repeat(bytes / 30) }),
    );
  const inflate = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync } as const;

  // Small answers are compressed on the request's thread, large ones on the pool: both must give
  // back exactly what went in, smaller.
  for (const size of [2_000, SYNC_COMPRESSION_MAX_BYTES + 10_000]) {
    for (const encoding of ["gzip", "br"] as const) {
      test(`${encoding}, about ${size} bytes, comes back whole and smaller`, async () => {
        const body = text(size);
        const compressed = await compressAnswer(body, encoding);
        expect(compressed.length).toBeLessThan(body.length / 4);
        expect(new Uint8Array(inflate[encoding](compressed))).toEqual(body);
      });
    }
  }
});

describe("preferredEncoding", () => {
  test.each([
    [undefined, undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["*", "br"],
    ["identity", undefined],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
