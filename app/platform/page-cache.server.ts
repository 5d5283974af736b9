import type { MiddlewareHandler } from "hono";
import { preferredEncoding } from "./compression.server.ts";

export type PageCacheOptions = {
  /** How long a kept page is served before it is rendered again. */
  ttlMs: number;
  /** The most pages kept at once; the oldest go first. */
  maxEntries: number;
  now?: () => number;
  /** Called for each request answered with a kept page (the metrics count them). */
  onHit?: () => void;
};

/**
 * What a staff edit needs of the cache: forget every kept page, so the change shows at once in this
 * process (another process's copies age out within its `ttlMs`).
 */
export type PageCache = { clear(): void };

type Entry = { expires: number; body: Uint8Array<ArrayBuffer>; headers: [string, string][] };

/** Headers a kept page may vary on: anything else (Accept-Language…) would need its own copies. */
const VARY_KEPT = new Set(["cookie", "accept-encoding"]);

/**
 * Visitors' pages, kept for a few seconds exactly as they were sent (compressed, with their
 * headers), and served again without rendering: a visitor without any cookie sees the same page
 * as every other visitor, so rendering it for each one was work repeated (decision 0019). Only a
 * GET with no Cookie and no Authorization header is served or kept, only a 200 text/html answer
 * that sets no cookie, may be stored (not private or no-store) and varies on nothing but Cookie
 * and Accept-Encoding. Requests that arrive while a page is being rendered wait for that render
 * instead of starting their own. A page is at most `ttlMs` old; signed-in players never see a
 * kept page.
 */
export function visitorPageCache({
  ttlMs,
  maxEntries,
  now = Date.now,
  onHit,
}: PageCacheOptions): MiddlewareHandler & PageCache {
  const pages = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | undefined>>();
  // Bumped by `clear`: a render that began before it may hold the old content, so it is not kept.
  let generation = 0;

  const fresh = (key: string) => {
    const entry = pages.get(key);
    if (entry && entry.expires > now()) return entry;
    if (entry) pages.delete(key);
    return undefined;
  };
  const keep = (key: string, entry: Entry) => {
    pages.delete(key);
    pages.set(key, entry);
    if (pages.size > maxEntries) pages.delete(pages.keys().next().value as string);
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (!servable(c.req.raw)) return next();
    const key = `${preferredEncoding(c.req.header("accept-encoding")) ?? "identity"} ${c.req.url}`;
    // Read both synchronously: an await before `rendering.set` below would let every request of a
    // burst start its own render.
    const pending = fresh(key) ?? rendering.get(key);
    const kept = pending && (await pending);
    if (kept) {
      onHit?.();
      c.res = new Response(kept.body, { status: 200, headers: kept.headers });
      return;
    }
    const rendered = Promise.withResolvers<Entry | undefined>();
    rendering.set(key, rendered.promise);
    const startedIn = generation;
    let entry: Entry | undefined;
    try {
      await next();
      if (keepable(c.res) && startedIn === generation) {
        // Read once: this request is answered from the same bytes the entry keeps.
        entry = {
          expires: now() + ttlMs,
          body: new Uint8Array(await c.res.arrayBuffer()),
          headers: [...c.res.headers],
        };
        keep(key, entry);
        c.res = undefined;
        c.res = new Response(entry.body, { status: 200, headers: entry.headers });
      }
    } finally {
      if (rendering.get(key) === rendered.promise) rendering.delete(key);
      rendered.resolve(entry);
    }
  };
  return Object.assign(middleware, {
    clear() {
      generation += 1;
      pages.clear();
      // Requests arriving from now on render afresh instead of waiting for a render begun before.
      rendering.clear();
    },
  });
}

function servable(request: Request): boolean {
  return (
    request.method === "GET" &&
    !request.headers.has("cookie") &&
    !request.headers.has("authorization") &&
    !new URL(request.url).pathname.startsWith("/api/")
  );
}

function keepable(answer: Response): boolean {
  const cacheControl = answer.headers.get("cache-control") ?? "";
  const vary = (answer.headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return (
    answer.status === 200 &&
    answer.body !== null &&
    /^text\/html\b/i.test(answer.headers.get("content-type") ?? "") &&
    !answer.headers.has("set-cookie") &&
    !/\b(?:private|no-store)\b/i.test(cacheControl) &&
    vary.every((name) => VARY_KEPT.has(name))
  );
}
