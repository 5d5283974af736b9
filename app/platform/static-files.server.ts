import fs from "node:fs";
import path from "node:path";
import type { Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import { COMPRESSIBLE_TYPE, preferredEncoding } from "./compression.server.ts";

type Bytes = Buffer<ArrayBuffer>;

type StaticFile = {
  type: string;
  lastModified: string;
  cacheControl: string;
  /** As built, and the brotli and gzip copies `npm run build` wrote beside it, when there are. */
  bodies: { identity: Bytes; br?: Bytes; gzip?: Bytes };
};

/**
 * Every file of the client build, read once: the build does not change while the server runs, and
 * it is a few megabytes. Sending from memory spares each request a stat, an open and a 64 KB read
 * buffer; those buffers, thousands a second, left the process tens of megabytes it could not give
 * back (docs/performance.md, Memory).
 */
export function loadStaticFiles(directory: string, cacheControl: (urlPath: string) => string) {
  const files = new Map<string, StaticFile>();
  const names = fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of names) {
    const urlPath = `/${path.relative(directory, file).split(path.sep).join("/")}`;
    const copy = (suffix: string) =>
      fs.existsSync(`${file}${suffix}`) ? fs.readFileSync(`${file}${suffix}`) : undefined;
    files.set(urlPath, {
      type: getMimeType(file) ?? "application/octet-stream",
      lastModified: fs.statSync(file).mtime.toUTCString(),
      cacheControl: cacheControl(urlPath),
      bodies: { identity: fs.readFileSync(file), br: copy(".br"), gzip: copy(".gz") },
    });
  }
  return files;
}

/**
 * The answer for a built file, in the encoding the browser prefers among the copies there are, or
 * undefined when the path names none.
 */
export function staticAnswer(files: Map<string, StaticFile>, c: Context): Response | undefined {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return undefined;
  const file = files.get(c.req.path);
  if (!file) return undefined;
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const compressed = encoding ? file.bodies[encoding] : undefined;
  const body = compressed ?? file.bodies.identity;
  const headers = new Headers({
    "Content-Type": file.type,
    "Content-Length": String(body.length),
    "Last-Modified": file.lastModified,
    "Cache-Control": file.cacheControl,
  });
  if (compressed && encoding) headers.set("Content-Encoding", encoding);
  if (file.bodies.br || file.bodies.gzip || COMPRESSIBLE_TYPE.test(file.type))
    headers.set("Vary", "Accept-Encoding");
  return new Response(c.req.method === "HEAD" ? null : body, { headers });
}
