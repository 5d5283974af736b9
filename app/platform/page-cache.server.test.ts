import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { visitorPageCache } from "./page-cache.server.ts";

/** A site whose pages count how often they were rendered; `answer` shapes the next answers. */
function site(answer: (count: number) => Response = pageAnswer) {
  let clock = 0;
  let renders = 0;
  const app = new Hono();
  const cache = visitorPageCache({ ttlMs: 5000, maxEntries: 3, now: () => clock });
  app.use(cache);
  app.get("*", async () => {
    renders += 1;
    const count = renders;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return answer(count);
  });
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      app.request(`http://localhost${path}`, { headers }),
    text: async (path: string, headers?: Record<string, string>) =>
      (await app.request(`http://localhost${path}`, { headers })).text(),
    renders: () => renders,
    clear: () => cache.clear(),
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

function pageAnswer(count: number, headers: Record<string, string> = {}) {
  return new Response(`<p>render ${count}</p>`, {
    headers: { "content-type": "text/html; charset=utf-8", vary: "Cookie", ...headers },
  });
}

describe("a visitor's page", () => {
  test("is rendered afresh after a clear (a staff edit), even one begun before it", async () => {
    const { text, clear } = site();
    expect(await text("/blogs/a")).toBe("<p>render 1</p>");
    expect(await text("/blogs/a")).toBe("<p>render 1</p>");
    clear();
    expect(await text("/blogs/a")).toBe("<p>render 2</p>");
    // A render under way when the edit commits may hold the old text: it is not kept.
    const during = text("/blogs/a?during");
    clear();
    expect(await during).toBe("<p>render 3</p>");
    expect(await text("/blogs/a?during")).toBe("<p>render 4</p>");
  });

  test("is served again as it was, headers included, until it is ttl old", async () => {
    const { get, text, renders, advance } = site();
    const first = await get("/businesses?title=caf");
    expect(await first.text()).toBe("<p>render 1</p>");
    const again = await get("/businesses?title=caf");
    expect(await again.text()).toBe("<p>render 1</p>");
    expect([...again.headers]).toEqual([...first.headers]);
    advance(4999);
    expect(await text("/businesses?title=caf")).toBe("<p>render 1</p>");
    advance(1);
    expect(await text("/businesses?title=caf")).toBe("<p>render 2</p>");
    expect(renders()).toBe(2);
  });

  test("is kept per address and per encoding", async () => {
    const { text } = site();
    expect(await text("/a")).toBe("<p>render 1</p>");
    expect(await text("/a?x=1")).toBe("<p>render 2</p>");
    expect(await text("/a", { "accept-encoding": "br" })).toBe("<p>render 3</p>");
    expect(await text("/a", { "accept-encoding": "gzip" })).toBe("<p>render 4</p>");
    expect(await text("/a", { "accept-encoding": "gzip, br" })).toBe("<p>render 3</p>");
  });

  test("is rendered once for requests that arrive together", async () => {
    const { text, renders } = site();
    const pages = await Promise.all(Array.from({ length: 10 }, () => text("/")));
    expect(new Set(pages)).toEqual(new Set(["<p>render 1</p>"]));
    expect(renders()).toBe(1);
  });

  test("keeps at most maxEntries pages, dropping the oldest", async () => {
    const { text } = site();
    for (const path of ["/1", "/2", "/3", "/4"]) await text(path);
    expect(await text("/4")).toBe("<p>render 4</p>");
    expect(await text("/2")).toBe("<p>render 2</p>");
    expect(await text("/1")).toBe("<p>render 5</p>");
  });
});

describe("never kept or served from memory", () => {
  test("a request with a cookie or credentials, or under /api", async () => {
    for (const [path, headers] of [
      ["/", { cookie: "cart=1" }],
      ["/", { authorization: "Bearer x" }],
      ["/api/businesses", {}],
    ] as const) {
      const { text, renders } = site();
      await text(path, headers);
      await text(path, headers);
      await text(path);
      expect(renders(), `${path} ${JSON.stringify(headers)}`).toBe(3);
    }
  });

  test.each([
    ["an error page", () => new Response("<p>oops</p>", { status: 404, headers: html() })],
    ["an answer that sets a cookie", () => pageAnswer(0, { "set-cookie": "a=1" })],
    ["a private answer", () => pageAnswer(0, { "cache-control": "private, no-store" })],
    ["a no-store answer", () => pageAnswer(0, { "cache-control": "no-store" })],
    ["an answer that varies by language", () => pageAnswer(0, { vary: "Accept-Language" })],
    ["JSON", () => Response.json({ a: 1 })],
  ])("%s", async (_, answer) => {
    const { get, renders } = site(answer);
    await get("/");
    await get("/");
    expect(renders()).toBe(2);
  });
});

function html() {
  return { "content-type": "text/html" };
}

test("each request answered with a kept page is reported to onHit", async () => {
  let hits = 0;
  const app = new Hono();
  app.use(visitorPageCache({ ttlMs: 5000, maxEntries: 3, onHit: () => (hits += 1) }));
  app.get("*", () => pageAnswer(1));
  await app.request("http://localhost/a");
  expect(hits).toBe(0);
  await app.request("http://localhost/a");
  await app.request("http://localhost/a");
  await app.request("http://localhost/a", { headers: { cookie: "x=1" } });
  expect(hits).toBe(2);
});
