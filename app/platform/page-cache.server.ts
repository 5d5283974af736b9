import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { preferredEncoding } from "./compression.server.ts";

export type PageCacheOptions = {
  /** How long a kept page is served before it is rendered again. */
  ttlMs: number;
  /** The most visitors' pages kept at once, and the most players' pages: the oldest go first. */
  maxEntries: number;
  now?: () => number;
};

/**
 * Set by a page (its route's `headers`) whose answer may be kept for the cookies it was rendered
 * for: nothing in it is made for one request only, and every change its reader can make to it
 * comes through a request that is not a GET (see `markChanges`). Never sent to the browser.
 */
export const KEEP_FOR_COOKIES_HEADER = "X-Keep-For-Cookies";

/**
 * A cookie that changes with every request of a browser that is not a GET, so the pages kept for
 * its cookies are not served again after it changed something (decision 0037).
 */
export const CHANGES_COOKIE = "nearby_changes";

type Entry = { expires: number; body: Uint8Array<ArrayBuffer>; headers: [string, string][] };

/** Pages by key, oldest first: with one ttl for all, the first ones are the first to expire. */
type Pages = Map<string, Entry>;

/** Headers a kept page may vary on: anything else (Accept-Language…) would need its own copies. */
const VARY_KEPT = new Set(["cookie", "accept-encoding"]);

/**
 * Visitors' pages, kept for a few seconds exactly as they were sent (compressed, with their
 * headers), and served again without rendering: a visitor without any cookie sees the same page
 * as every other visitor, so rendering it for each one was work repeated (decision 0019). Only a
 * GET with no Cookie and no Authorization header is served or kept, only a 200 text/html answer
 * that sets no cookie, may be stored (not private or no-store) and varies on nothing but Cookie
 * and Accept-Encoding. Requests that arrive while a page is being rendered wait for that render
 * instead of starting their own. A page is at most `ttlMs` old.
 *
 * A request with cookies (a player's, a visitor's with a cart) is served a page kept for exactly
 * those cookies, and only a page that says it may be (KEEP_FOR_COOKIES_HEADER): the same reader
 * reloading or coming back to it within `ttlMs` gets it without a render. Nobody with other
 * cookies ever gets it, and the reader's own changes show at once (CHANGES_COOKIE).
 */
export function visitorPageCache({
  ttlMs,
  maxEntries,
  now = Date.now,
}: PageCacheOptions): MiddlewareHandler {
  const visitors: Pages = new Map();
  const withCookies: Pages = new Map();
  const rendering = new Map<string, Promise<Entry | undefined>>();

  const fresh = (pages: Pages, key: string) => {
    const entry = pages.get(key);
    if (entry && entry.expires > now()) return entry;
    if (entry) pages.delete(key);
    return undefined;
  };
  const keep = (pages: Pages, key: string, entry: Entry) => {
    pages.delete(key);
    pages.set(key, entry);
    // Expired pages go as new ones come, so pages nobody asks for again do not stay in memory.
    for (const [oldest, { expires }] of pages) {
      if (pages.size <= maxEntries && expires > now()) break;
      pages.delete(oldest);
    }
  };

  return async (c, next) => {
    if (!servable(c.req.raw)) {
      await next();
      if (c.res.headers.has(KEEP_FOR_COOKIES_HEADER)) c.res.headers.delete(KEEP_FOR_COOKIES_HEADER);
      return;
    }
    const cookie = c.req.header("cookie");
    const pages = cookie ? withCookies : visitors;
    const encoding = preferredEncoding(c.req.header("accept-encoding")) ?? "identity";
    const key = cookie ? `${encoding} ${c.req.url} ${cookie}` : `${encoding} ${c.req.url}`;
    // Read both synchronously: an await before `rendering.set` below would let every request of a
    // burst start its own render.
    const pending = fresh(pages, key) ?? rendering.get(key);
    const kept = pending && (await pending);
    if (kept) {
      c.res = new Response(kept.body, { status: 200, headers: kept.headers });
      return;
    }
    const rendered = Promise.withResolvers<Entry | undefined>();
    rendering.set(key, rendered.promise);
    let entry: Entry | undefined;
    try {
      await next();
      const mayKeepForCookies = c.res.headers.has(KEEP_FOR_COOKIES_HEADER);
      if (mayKeepForCookies) c.res.headers.delete(KEEP_FOR_COOKIES_HEADER);
      if (cookie ? mayKeepForCookies && keepableForCookies(c.res) : keepable(c.res)) {
        // Read once: this request is answered from the same bytes the entry keeps.
        entry = {
          expires: now() + ttlMs,
          body: new Uint8Array(await c.res.arrayBuffer()),
          headers: [...c.res.headers],
        };
        keep(pages, key, entry);
        c.res = undefined;
        c.res = new Response(entry.body, { status: 200, headers: entry.headers });
      }
    } finally {
      rendering.delete(key);
      rendered.resolve(entry);
    }
  };
}

/**
 * Every request that is not a GET or HEAD from a browser that has cookies gives it a new
 * CHANGES_COOKIE: its next requests carry other cookies, so no page kept for the old ones is
 * served to it again, whichever process answers them. A browser without cookies gets none: its
 * pages are the visitors' pages, kept for everyone. Sits inside the middleware that marks cookies
 * Secure behind HTTPS.
 */
export function markChanges(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || !c.req.header("cookie")) return;
    c.res.headers.append(
      "Set-Cookie",
      `${CHANGES_COOKIE}=${randomBytes(6).toString("base64url")}; Path=/; HttpOnly; SameSite=Lax`,
    );
  };
}

function servable(request: Request): boolean {
  return (
    request.method === "GET" &&
    !request.headers.has("authorization") &&
    !new URL(request.url).pathname.startsWith("/api/")
  );
}

/** A 200 HTML page that sets no cookie and varies on nothing but the cookies and the encoding. */
function keepableForCookies(answer: Response): boolean {
  const vary = (answer.headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return (
    answer.status === 200 &&
    answer.body !== null &&
    /^text\/html\b/i.test(answer.headers.get("content-type") ?? "") &&
    !answer.headers.has("set-cookie") &&
    vary.every((name) => VARY_KEPT.has(name))
  );
}

/** As for cookies, and also one that any shared cache may keep (neither private nor no-store). */
function keepable(answer: Response): boolean {
  const cacheControl = answer.headers.get("cache-control") ?? "";
  return keepableForCookies(answer) && !/\b(?:private|no-store)\b/i.test(cacheControl);
}
