import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Database, DatabaseHandle } from "../db/client.server.ts";
import * as schema from "../db/schema/index.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { seedBusinesses } from "../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../directory/test-fixtures.ts";
import { createTestHost } from "./test-host.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let businessId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [fixtureBusiness({ name: "Chez Test" })]),
  ]);
  request = await createTestHost(database.db, { maxBodyBytes: 2048 });
  businessId = (await (await request("/api/businesses")).json()).items[0].id;
});

afterAll(() => database.close());

describe("every page response", () => {
  test("carries the security headers; the policy allows exactly the page's inline scripts", async () => {
    const response = await request("/");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).not.toContain("nonce-");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      ([, text = ""]) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`,
    );
    expect(inline.length).toBeGreaterThan(0);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    expect(new Set(scriptSrc)).toEqual(new Set(["'self'", ...inline]));
  });

  test("is compressed when the browser accepts it, brotli first, and says it varies", async () => {
    const gzip = await request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const brotli = await request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toMatch(/Cookie.*Accept-Encoding|Accept-Encoding.*Cookie/);
    const html = brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-CA".*<\/html>$/s);
  });
});

test("JSON is compressed too, and varies on the encoding", async () => {
  const response = await request("/api/openapi.json", { headers: { "accept-encoding": "gzip" } });
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(response.headers.get("vary")).toMatch(/Accept-Encoding/);
  const small = await request("/api/businesses?title=nothing", {
    headers: { "accept-encoding": "gzip" },
  });
  expect(small.headers.get("content-encoding")).toBeNull();
  expect(small.headers.get("vary")).toMatch(/Accept-Encoding/);
});

test("a visitor's page asks the database only for what it shows", async () => {
  const statements: string[] = [];
  const recorded = drizzle({
    client: database.db.$client,
    schema,
    casing: "snake_case",
    logger: { logQuery: (text) => statements.push(text) },
  }) as unknown as Database;
  const requestRecorded = await createTestHost(recorded);
  // One statement: the seeded listings keep their daily hours, so their cards need no lookup.
  expect((await requestRecorded("/businesses")).status).toBe(200);
  expect(statements).toHaveLength(1);
  expect(statements[0]).toMatch(/from "business"/);
  statements.length = 0;
  expect((await requestRecorded("/")).status).toBe(200);
  expect(statements).toHaveLength(2);
  expect(statements.join()).toMatch(/from "business_category_count"/);
  expect(statements.join()).not.toMatch(/"session"/);
});

test("hashed assets are cached for a year, sent as compressed at build", async () => {
  const html = await (await request("/")).text();
  // The framework chunk (React, React Router: vite.config.ts): entry.client itself is now too small
  // to be compressed.
  const asset = /"(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1] ?? "/assets/missing.js";
  const original = fs.readFileSync(path.join("build/client", asset));
  for (const [accepted, encoding, decode] of [
    ["br, gzip", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
  ] as const) {
    const response = await request(asset, { headers: { "accept-encoding": accepted } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(decode(Buffer.from(await response.arrayBuffer())).equals(original)).toBe(true);
  }
  const plain = await request(asset);
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(plain.headers.get("vary")).toBe("Accept-Encoding");
  expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);
});

test("pages are in the address's language, with hreflang links to both", async () => {
  const english = await (await request("/businesses")).text();
  const french = await (await request("/fr/businesses")).text();
  expect(english).toContain('<html lang="en-CA"');
  expect(french).toContain('<html lang="fr-CA"');
  expect(french).toContain("Trouvez des entreprises populaires");
  expect(english).toContain('hrefLang="fr-CA" href="http://localhost/fr/businesses"');
});

test.each(["/no-such-page", "/fr/nulle-part", "/businesses/999999", "/businesses/abc"])(
  "%s is the 404 page with status 404",
  async (path) => {
    const response = await request(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/Error 404!!!!|Erreur 404/);
  },
);

test("a business page is rendered on the server with its data", async () => {
  const response = await request(`/businesses/${businessId}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Chez Test");
  expect(html).toContain("Other thing");
});

test("a visitor's page is served from memory for a while, with a policy that still fits it", async () => {
  const cached = await createTestHost(database.db, { pageCacheSeconds: 60 });
  const path = `/businesses/${businessId}`;
  const first = await cached(path);
  const rename = (name: string) =>
    database.db.update(schema.business).set({ name }).where(eq(schema.business.id, businessId));
  await rename("Chez Renamed");
  try {
    const again = await cached(path);
    const html = await again.text();
    expect(html).toBe(await first.text());
    expect(html).toContain("Chez Test");
    expect(again.headers.get("content-security-policy")).toBe(
      first.headers.get("content-security-policy"),
    );
    // Anyone with a cookie (a player, a visitor with a cart) gets the page as it is now.
    expect(await (await cached(path, { headers: { cookie: "x=1" } })).text()).toContain(
      "Chez Renamed",
    );
  } finally {
    await rename("Chez Test");
  }
});

test("a bad search on the page is a 400 with a message, not an error page", async () => {
  const response = await request("/businesses?category=Spaceships");
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("This category does not exist");
});

test("a body over the limit is refused with 413", async () => {
  const response = await request("/api/businesses", {
    method: "POST",
    body: "x".repeat(4096),
    headers: { "content-type": "text/plain" },
  });
  expect(response.status).toBe(413);
});

test("malformed addresses never cause a 500", async () => {
  for (const path of ["/%E0%A4%A", "/businesses/%00", "/businesses?title=%FF", "/fr/%C0"]) {
    expect((await request(path)).status, path).toBeLessThan(500);
  }
});

test("an unexpected failure is the error page with status 500, showing no internals", async () => {
  const broken = await createTestDatabase();
  const requestBroken = await createTestHost(broken.db);
  await broken.close();
  for (const path of ["/", "/fr/businesses"]) {
    const response = await requestBroken(path);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(/Something went wrong|Une erreur est survenue/);
    expect(html).not.toMatch(/pool|Error:|at \/|node_modules|postgres/i);
  }
  const api = await requestBroken("/api/businesses");
  expect(api.status).toBe(500);
  expect(await api.json()).toEqual({
    error: { code: "internal_error", message: "Something went wrong. Please try again later." },
  });
});

test("a page ships only its own messages, in its own language", async () => {
  const home = await (await request("/")).text();
  expect(home).toContain("Find Popular Businesses");
  // The profile's and the login page's texts are not sent with the directory's pages.
  expect(home).not.toContain("Edit your profile");
  expect(home).not.toContain("Forgot your password?");
  expect(home).not.toContain("Trouvez des entreprises populaires");
  const login = await (await request("/login")).text();
  expect(login).toContain("Forgot your password?");
  expect(login).not.toContain("Find Popular Businesses");
});

describe("a method an address does not answer", () => {
  test.each([
    ["TRACE", "/api/businesses", "GET, HEAD"],
    ["PROPFIND", "/api/businesses", "GET, HEAD"],
    ["POST", "/api/businesses", "GET, HEAD"],
    ["TRACE", "/api/cart", "GET, HEAD, PATCH, DELETE"],
    ["TRACE", "/api/openapi.json", "GET, HEAD"],
    ["TRACE", "/", "GET, HEAD"],
    ["TRACE", "/businesses", "GET, HEAD"],
    ["POST", "/businesses", "GET, HEAD"],
    ["PUT", "/fr/businesses", "GET, HEAD"],
    ["FOO", "/jobs/1/apply", "GET, HEAD, POST"],
  ])("%s %s is a 405 with Allow: %s, and logs no stack trace", async (method, path, allow) => {
    const logged: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => logged.push(args));
    try {
      const response = await request(path, { method, headers: { origin: "http://localhost" } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      if (path.startsWith("/api/"))
        expect((await response.json()).error.code).toBe("method_not_allowed");
      else
        expect(await response.text()).toBe(
          path.startsWith("/fr/")
            ? "Cette adresse ne répond pas à cette méthode."
            : "This address does not answer this method.",
        );
    } finally {
      spy.mockRestore();
    }
    expect(logged).toEqual([]);
  });

  test("OPTIONS says what the address answers, and runs nothing", async () => {
    const response = await request("/api/businesses", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.text()).toBe("");
  });

  test("an unknown method at an API address that does not exist is a 404", async () => {
    const response = await request("/api/nothing-here", { method: "TRACE" });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });
});

/**
 * A host whose React Router request handlers report each request they answer through the build's
 * instrumentations, each under its own number (in the order React Router makes them, its own).
 */
async function hostCountingHandlers(
  onRequest: (handler: number, request: { method: string; url: string }) => void,
) {
  let made = 0;
  return createTestHost(database.db, {
    adaptBuild: (build) => ({
      ...build,
      entry: {
        ...build.entry,
        module: {
          ...build.entry.module,
          instrumentations: [
            {
              handler: (handler) => {
                const which = made++;
                handler.instrument({
                  request: async (handle, { request }) => {
                    onRequest(which, request);
                    await handle();
                  },
                });
              },
            },
          ],
        },
      },
    }),
  });
}

describe("the JSON API, answered by the host without React Router's request handler", () => {
  let handled: string[];
  let requestCounted: Awaited<ReturnType<typeof createTestHost>>;

  beforeAll(async () => {
    handled = [];
    requestCounted = await hostCountingHandlers((_, request) =>
      handled.push(new URL(request.url).pathname),
    );
  });

  test("a route's answer, its thrown AppError, HEAD and an unknown address, all in the API's shape", async () => {
    const found = await requestCounted("/api/businesses?title=chez");
    expect(found.status).toBe(200);
    expect((await found.json()).items[0].name).toBe("Chez Test");

    const refused = await requestCounted("/api/businesses?limit=abc");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await refused.json()).error.code).toBe("invalid_parameters");

    const head = await requestCounted("/api/businesses", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/application\/json/);
    expect(head.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await head.text()).toBe("");

    // Params arrive decoded, as React Router decodes them.
    const business = await requestCounted(`/api/businesses/${businessId}/`);
    expect((await business.json()).name).toBe("Chez Test");
    const missing = await requestCounted("/api/businesses/%C3%A9t%C3%A9");
    expect(missing.status).toBe(404);

    const unknown = await requestCounted("/api/nothing/here", { method: "DELETE" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");

    expect(handled).toEqual([]);
    // Pages, their data and the document's reader are still React Router's.
    for (const path of ["/businesses", "/businesses.data", "/api/docs"])
      expect((await requestCounted(path)).status, path).toBe(200);
    expect(handled).toEqual(["/businesses", "/businesses.data", "/api/docs"]);
  });

  test("a fault is the JSON 500 with its stack in the log only", async () => {
    const broken = await createTestDatabase();
    const requestBroken = await createTestHost(broken.db);
    await broken.close();
    const logged: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((error) => logged.push(error));
    try {
      const answer = await requestBroken("/api/jobs?keywords=developer");
      expect(answer.status).toBe(500);
      const text = await answer.text();
      expect(JSON.parse(text).error.code).toBe("internal_error");
      expect(text).not.toMatch(/pool|at \/|node_modules|postgres/i);
    } finally {
      spy.mockRestore();
    }
    expect(logged).toHaveLength(1);
    expect(logged[0]).toBeInstanceOf(Error);
  });
});

describe("the pages that send no scripts, rendered by React Router over their own routes", () => {
  test("the console's reads go to a handler over its routes alone, with the site's answers; the rest to the whole build's", async () => {
    const handled: [handler: number, request: string][] = [];
    const requestCounted = await hostCountingHandlers((handler, request) =>
      handled.push([handler, `${request.method} ${new URL(request.url).pathname}`]),
    );
    // A visitor gets the site's 404 page from the console, in each language, HEAD included.
    for (const [path, lang] of [
      ["/staff", "en-CA"],
      ["/fr/staff/orders", "fr-CA"],
    ] as const) {
      const answer = await requestCounted(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      const html = await answer.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).not.toContain("<script");
    }
    expect((await requestCounted("/staff", { method: "HEAD" })).status).toBe(404);
    // A post, a data request, another page and an address only the catch-all answers: the whole
    // build's.
    const post = await requestCounted("/staff/staff", {
      method: "POST",
      body: new URLSearchParams(),
    });
    expect(post.status).toBe(404);
    await requestCounted("/staff.data");
    expect((await requestCounted("/businesses")).status).toBe(200);
    expect((await requestCounted("/staff/nothing/here/at/all")).status).toBe(404);
    const handlerOf = (request: string) => handled.find(([, each]) => each === request)?.[0];
    const whole = handlerOf("GET /businesses");
    const console = handlerOf("GET /staff");
    expect(whole).toBeDefined();
    expect(console).toBeDefined();
    expect(console).not.toBe(whole);
    expect(handled).toEqual([
      [console, "GET /staff"],
      [console, "GET /fr/staff/orders"],
      [console, "HEAD /staff"],
      [whole, "POST /staff/staff"],
      [whole, "GET /staff.data"],
      [whole, "GET /businesses"],
      [whole, "GET /staff/nothing/here/at/all"],
    ]);
  });
});
