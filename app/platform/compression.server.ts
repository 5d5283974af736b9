import { promisify } from "node:util";
import zlib from "node:zlib";

/** Below this, compressing saves less than the headers and the work cost. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Types worth compressing: text, JSON, scripts, XML and SVG. */
export const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml|[^;\s]+\+(?:json|xml)(?:[;\s]|$))/i;

export type Encoding = "br" | "gzip";

/**
 * The encoding to answer with for an Accept-Encoding header: brotli when the client takes it at
 * least as gladly as gzip, else gzip, else none. Honours q-values, `q=0` and `*`.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  const weight = encodingWeights(header);
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  return weight("gzip") > 0 ? "gzip" : undefined;
}

/** Whether the client takes gzip at all (answers made gzip in advance are sent so). */
export function acceptsGzip(header: string | undefined): boolean {
  return encodingWeights(header)("gzip") > 0;
}

function encodingWeights(header: string | undefined): (name: string) => number {
  const weights = new Map<string, number>();
  for (const part of header?.split(",") ?? []) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return (name) => weights.get(name) ?? weights.get("*") ?? 0;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Up to this size an answer is compressed on the request's own thread: a 13 KB JSON answer takes
 * about 0.1 ms that way, where the trip to the thread pool and back more than doubles the CPU it
 * costs (docs/performance.md, "Job search"). Every page is below it: a player's 65 KB
 * `/businesses` takes 0.3 ms of CPU on the thread, 0.45 ms through the pool alone and 1.3 ms
 * each when ten are compressed at once (the pool's threads and the server's fight for two cores).
 * Only larger answers (a sitemap, a long export), which would hold the thread for milliseconds,
 * go to the pool.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 256 * 1024;

/**
 * Compresses an answer made for one request. Brotli at quality 2: of a player's 65 KB
 * `/businesses`, 0.33 ms for 12.6 KB, where quality 4 took 0.64 ms for 11.8 KB, quality 1 (another
 * algorithm) 0.53 ms for 14.1 KB and gzip at its default level 0.89 ms for 12.6 KB
 * (docs/performance.md). Quality 11 is for files compressed once at build.
 */
export async function compressAnswer(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  const small = body.length <= SYNC_COMPRESSION_MAX_BYTES;
  if (encoding === "gzip") return small ? zlib.gzipSync(body) : gzip(body);
  const options = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  return small ? zlib.brotliCompressSync(body, options) : brotli(body, options);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed codes): what ends a deflate stream whose parts did not. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A part of an answer deflated on its own and left open (a sync flush, not a final block), so
 * that parts deflated apart, even at other times, join into one stream (gzipOfParts): each starts
 * with an empty history, so none refers to bytes of another.
 */
export function deflatePart(bytes: Uint8Array, level: number): Buffer {
  return zlib.deflateRawSync(bytes, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

/** One gzip answer from `content`'s parts deflated apart (deflatePart), in order. */
export function gzipOfParts(deflated: readonly Buffer[], content: Uint8Array): Buffer<ArrayBuffer> {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(content), 0);
  trailer.writeUInt32LE(content.length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...deflated, FINAL_BLOCK, trailer]);
}
