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
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  if (weight("br") > 0 && weight("br") >= weight("gzip")) return "br";
  return weight("gzip") > 0 ? "gzip" : undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses an answer made for one request, on the thread pool. Brotli at quality 4: smaller
 * than gzip at its default level for about the same time (quality 11, for files compressed once at
 * build, takes a hundred times longer).
 */
export function compressAnswer(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzip(body);
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
