import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { type ServerBuild, UNSAFE_decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "./auth/test-players.server.ts";
import type { DatabaseHandle } from "./db/client.server.ts";
import { user } from "./db/schema/accounts.ts";
import { business } from "./db/schema/directory.ts";
import { employerMember } from "./db/schema/jobs.ts";
import { product } from "./db/schema/shop.ts";
import { createTestDatabase } from "./db/test-database.server.ts";
import { saveBusiness } from "./directory/saved.server.ts";
import { seedBusinesses } from "./directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./directory/test-fixtures.ts";
import { insertTestEmployer } from "./jobs/test-fixtures.server.ts";
import { createTestHost, TEST_BASE_URL } from "./platform/test-host.server.ts";
import { seedProducts } from "./shop/seed.server.ts";
import { fixtureProduct } from "./shop/test-fixtures.ts";
import { type PlayerState, withPlayerState } from "./ui/player-page.ts";

let database: DatabaseHandle;
/** The host as it runs: players' `/` and `/businesses` made from the kept visitor's page. */
let spliced: Awaited<ReturnType<typeof createTestHost>>;
/** The same host with those routes' handles taken away: React Router renders every page whole. */
let whole: Awaited<ReturnType<typeof createTestHost>>;
let build: ServerBuild;
const players: Record<"plain" | "staff" | "child", string> = { plain: "", staff: "", child: "" };

const PAGES = ["/", "/fr", "/businesses", "/businesses?title=caf&location=mont", "/fr/businesses"];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile(
      "restaurants",
      ["Café Olimpico", "Café Saint-Henri", "Chez Lévêque", "Le Cagibi"].map((name, index) =>
        fixtureBusiness({ name, city: index % 2 ? "Montréal" : "Toronto" }),
      ),
    ),
  ]);
  await seedProducts(database.db, [fixtureProduct({ slug: "mug" })]);
  spliced = await createTestHost(database.db, {
    pageCacheSeconds: 60,
    clientIpHeader: "x-real-ip",
    adaptBuild: (built) => {
      build = built;
      return built;
    },
  });
  whole = await createTestHost(database.db, {
    clientIpHeader: "x-real-ip",
    adaptBuild: withoutPlayerPages,
  });

  players.plain = await signUpVerified(spliced, database.db, {
    name: 'Amélie <Côté> & "fils"',
    email: "amelie@example.com",
    age: 34,
    address: "10.8.0.1",
  });
  players.staff = await signUpVerified(spliced, database.db, {
    name: "Rowan Staff",
    email: "rowan@example.com",
    age: 40,
    address: "10.8.0.2",
  });
  players.child = await signUpVerified(spliced, database.db, {
    name: "Léa Enfant",
    email: "lea@example.com",
    age: 11,
    address: "10.8.0.3",
  });
  const ids = await database.db.select({ id: business.id }).from(business).orderBy(business.id);
  const [amelie] = await database.db
    .select()
    .from(user)
    .where(eq(user.email, "amelie@example.com"));
  if (!amelie || ids.length < 3) throw new Error("fixtures missing");
  await saveBusiness(database.db, amelie.id, ids[0]?.id as number);
  await saveBusiness(database.db, amelie.id, ids[2]?.id as number);
  const [mug] = await database.db.select({ id: product.id }).from(product);
  const added = await spliced("/api/cart/items", {
    method: "POST",
    headers: { cookie: players.plain, origin: TEST_BASE_URL, "content-type": "application/json" },
    body: JSON.stringify({ productId: mug?.id, quantity: 2 }),
  });
  if (added.status >= 300) throw new Error(`adding to the cart answered ${added.status}`);
  const [rowan] = await database.db.select().from(user).where(eq(user.email, "rowan@example.com"));
  await database.db
    .update(user)
    .set({ role: "moderator" })
    .where(eq(user.email, "rowan@example.com"));
  const employerId = await insertTestEmployer(database.db, "Rowan & Co.");
  await database.db
    .insert(employerMember)
    .values({ employerId, userId: rowan?.id as string, via: "founder" });
});

afterAll(() => database.close());

/** The build with the player pages' handles taken away. */
function withoutPlayerPages(built: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(built.routes).map(([id, route]) => {
      const handle = route?.module.handle as { playerPage?: unknown } | undefined;
      if (!route || !handle?.playerPage) return [id, route];
      return [id, { ...route, module: { ...route.module, handle: undefined } }];
    }),
  );
  return { ...built, routes };
}

const HYDRATION_CHUNK = /streamController\.enqueue\((".*?")\);/g;
const PLAYER_STATE = /<script type="application\/json" id="player-state">(.*?)<\/script>/;

/** What React Router's hydration scripts carry, decoded as the browser decodes it. */
async function loaderDataOf(html: string): Promise<Record<string, unknown>> {
  const text = [...html.matchAll(HYDRATION_CHUNK)].map(([, chunk]) => JSON.parse(chunk as string));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of text) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  const decoded = await UNSAFE_decodeViaTurboStream(stream, globalThis);
  await decoded.done;
  return (decoded.value as { loaderData: Record<string, unknown> }).loaderData;
}

/** The page's markup without its scripts: what the browser shows and React hydrates. */
const markupOf = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");

/** Where two pages first differ, a little of each from there; null when they are the same. */
function firstDifference(actual: string, expected: string) {
  if (actual === expected) return null;
  let at = 0;
  while (actual[at] === expected[at]) at += 1;
  return {
    at,
    actual: actual.slice(at - 80, at + 120),
    expected: expected.slice(at - 80, at + 120),
  };
}

async function page(host: typeof spliced, path: string, cookie: string) {
  const response = await host(path, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("a player's page made from the kept visitor's page", () => {
  test.each(PAGES)("%s is, for each player, the page React Router renders whole", async (path) => {
    // The players at once, on a page kept for visitors a moment before.
    await spliced(path);
    const who = ["plain", "staff", "child"] as const;
    const pages = await Promise.all(who.map((name) => page(spliced, path, players[name])));
    for (const [index, html] of pages.entries()) {
      const reference = await page(whole, path, players[who[index] ?? "plain"]);
      expect(html).toMatch(PLAYER_STATE);
      expect(reference).not.toMatch(PLAYER_STATE);
      expect(firstDifference(markupOf(html), markupOf(reference))).toBeNull();
      const state = JSON.parse(PLAYER_STATE.exec(html)?.[1] ?? "") as PlayerState;
      const started = withPlayerState(
        await loaderDataOf(html),
        state,
        (routeId) => build.routes[routeId]?.module.handle,
      );
      expect(started).toEqual(await loaderDataOf(reference));
    }
  });

  test("shows each player their own marks, cart and links", async () => {
    const [plain, staff] = await Promise.all([
      page(spliced, "/businesses", players.plain),
      page(spliced, "/businesses", players.staff),
    ]);
    expect(plain.match(/aria-pressed="true"/g)).toHaveLength(2);
    expect(staff).not.toContain('aria-pressed="true"');
    expect(markupOf(plain)).toMatch(/>2<\/span>/);
    expect(markupOf(staff)).toContain('href="/staff"');
    expect(markupOf(staff)).toContain('href="/employers"');
    expect(markupOf(plain)).not.toContain('href="/staff"');
    // Escaped where it is written: the player's name is in their state, never as markup.
    expect(plain).not.toContain("<Côté>");
  });

  test("a child under 14 gets the page as children see it: nothing for sale", async () => {
    const html = markupOf(await page(spliced, "/businesses", players.child));
    expect(html).not.toContain('href="/shop"');
    expect(html).not.toContain('href="/cart"');
    const visitors = await spliced("/businesses");
    expect(markupOf(await visitors.text())).toContain('href="/shop"');
  });

  test("a cookie that is no session gets the visitor's page, rendered, not a player's", async () => {
    const html = await page(spliced, "/businesses", "better-auth.session_token=forged.value");
    expect(html).not.toMatch(PLAYER_STATE);
    expect(markupOf(html)).toContain('href="/login"');
  });

  test("a page is private to its player, sent gzip, and allows exactly its scripts", async () => {
    const identity = await page(spliced, "/businesses", players.plain);
    const response = await spliced("/businesses", {
      headers: { cookie: players.plain, "accept-encoding": "gzip, br" },
    });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(html).toBe(identity);
    const scripts = [
      ...html.matchAll(
        /<script(?![^>]*\ssrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ];
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, text = ""] of scripts)
      expect(policy).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  });
});
