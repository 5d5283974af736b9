import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import {
  CHANGES_COOKIE,
  KEEP_FOR_COOKIES_HEADER,
  markChanges,
  visitorPageCache,
} from "./page-cache.server.ts";

/** A site whose pages count how often they were rendered; `answer` shapes the next answers. */
function site(answer: (count: number) => Response = pageAnswer) {
  let clock = 0;
  let renders = 0;
  const app = new Hono();
  app.use(visitorPageCache({ ttlMs: 5000, maxEntries: 3, now: () => clock }));
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

describe("a page kept for the cookies it was rendered for", () => {
  const keptForCookies = (count: number) =>
    pageAnswer(count, {
      [KEEP_FOR_COOKIES_HEADER]: "1",
      "cache-control": "private, no-store",
    });
  const player = { cookie: "session=a" };

  test("is served again to the same cookies only, until it is ttl old", async () => {
    const { get, text, renders, advance } = site(keptForCookies);
    expect(await text("/", player)).toBe("<p>render 1</p>");
    const again = await get("/", player);
    expect(await again.text()).toBe("<p>render 1</p>");
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(again.headers.has(KEEP_FOR_COOKIES_HEADER)).toBe(false);
    // Another player, the same one after a change (another cookie), and a visitor.
    expect(await text("/", { cookie: "session=b" })).toBe("<p>render 2</p>");
    expect(await text("/", { cookie: `session=a; ${CHANGES_COOKIE}=x` })).toBe("<p>render 3</p>");
    expect(await text("/")).toBe("<p>render 4</p>");
    advance(5000);
    expect(await text("/", player)).toBe("<p>render 5</p>");
    expect(renders()).toBe(5);
  });

  test("never sends the page's permission to the browser, even when nothing is kept", async () => {
    const { get } = site(keptForCookies);
    for (const headers of [player, { authorization: "Bearer x" }]) {
      expect((await get("/", headers)).headers.has(KEEP_FOR_COOKIES_HEADER)).toBe(false);
    }
  });

  test("keeps nothing for cookies that the page did not allow", async () => {
    const { get, renders } = site((count) => pageAnswer(count, { "cache-control": "no-store" }));
    await get("/", player);
    await get("/", player);
    expect(renders()).toBe(2);
  });

  test("keeps at most maxEntries pages for cookies, apart from the visitors' pages", async () => {
    const { text } = site((count) => pageAnswer(count, { [KEEP_FOR_COOKIES_HEADER]: "1" }));
    expect(await text("/")).toBe("<p>render 1</p>");
    for (const name of ["a", "b", "c", "d"]) await text("/", { cookie: `session=${name}` });
    expect(await text("/", { cookie: "session=a" })).toBe("<p>render 6</p>");
    expect(await text("/", { cookie: "session=d" })).toBe("<p>render 5</p>");
    expect(await text("/")).toBe("<p>render 1</p>");
  });
});

describe("a browser's changes", () => {
  function changesSite() {
    const app = new Hono();
    app.use(markChanges());
    app.all("*", (c) => c.text("done"));
    return (method: string, headers: Record<string, string> = {}) =>
      app.request("http://localhost/cart", { method, headers });
  }
  const changesCookie = (answer: Response) =>
    answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${CHANGES_COOKIE}=`));

  test("give a browser with cookies a new changes cookie at each request that is not a GET", async () => {
    const send = changesSite();
    const first = changesCookie(await send("POST", { cookie: "session=a" }));
    const second = changesCookie(await send("DELETE", { cookie: "session=a" }));
    expect(first).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  test("leave a GET, and a browser without cookies, as they were", async () => {
    const send = changesSite();
    expect(changesCookie(await send("GET", { cookie: "session=a" }))).toBeUndefined();
    expect(changesCookie(await send("POST"))).toBeUndefined();
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
