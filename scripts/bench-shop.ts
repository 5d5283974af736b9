/**
 * Figures for the blog, shop and cart (not a test; prints numbers):
 *   npm run build && npm run bench:shop -- --seconds 5 --connections 8 --buyers 60
 * Starts the built server on a fresh embedded database under .data/bench-shop, seeded with the
 * demo content, and loads it over loopback: a post page (Markdown rendered on each request), the
 * feed, a search, the shop, adding to carts, then `buyers` checkouts racing for the last 10 of one item.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { requireBuild, startBuiltServer } from "./lib/server.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "8" },
    buyers: { type: "string", default: "60" },
    port: { type: "string", default: "3930" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const buyers = Number(values.buyers);
const port = Number(values.port);
const dataDir = path.resolve(".data/bench-shop");
const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(connections, buyers) });

requireBuild();
fs.rmSync(dataDir, { recursive: true, force: true });
const server = await startBuiltServer({
  port,
  dataDir,
  seed: true,
  // Each request its own visitor, as if behind a proxy: the checkout limits per client address
  // and per e-mail would otherwise refuse all but a few of the racing buyers.
  env: { CLIENT_IP_HEADER: "x-bench-visitor" },
});
const { origin } = server;

type Answer = { status: number; body: string; cookie?: string };

/** Counts requests, each sent as its own visitor (CLIENT_IP_HEADER above). */
let visitors = 0;

/** A request as a browser sends it (asking for gzip: decompressing is the client's work). */
function send(
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
  gzip = true,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        agent,
        headers: {
          origin,
          ...(gzip ? { "accept-encoding": "gzip" } : {}),
          ...(payload ? { "content-type": "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
          "x-bench-visitor": `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors++ & 255}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            cookie: response.headers["set-cookie"]?.[0]?.split(";")[0],
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** `connections` loops sending one request after another for `seconds`; every latency is kept. */
async function measure(label: string, once: (i: number) => Promise<Answer>, ok = 200) {
  await Promise.all(Array.from({ length: connections }, (_, i) => once(i)));
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        if ((await once(sent++)).status !== ok) errors++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    (
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0
    ).toFixed(1);
  console.log(`\n${label}, ${connections} connections, ${seconds} s`);
  console.log(
    `  requests ${latencies.length}, errors ${errors}, ${(latencies.length / seconds).toFixed(0)} req/s`,
  );
  console.log(`  latency ms: p50 ${at(50)}  p95 ${at(95)}  p99 ${at(99)}  max ${at(100)}`);
}

/** The server's own embedded PostgreSQL. */
function database() {
  return new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
}

const buyer = {
  name: "Bench Buyer",
  email: "bench@example.com",
  address: "1 Bench Street",
  city: "Toronto",
  postalCode: "M5V 1A1",
  province: "ON",
};

try {
  const longest = JSON.parse(
    (await send("GET", "/api/blogs?limit=50", undefined, undefined, false)).body,
  ).items.sort(
    (a: { readingMinutes: number }, b: { readingMinutes: number }) =>
      b.readingMinutes - a.readingMinutes,
  )[0];
  await measure(
    `GET /blogs/${longest.slug} (longest post; its Markdown rendered once, then kept)`,
    () => send("GET", `/blogs/${longest.slug}`),
  );
  await measure("GET /fr/blogs/feed.xml (every post in it)", () =>
    send("GET", "/fr/blogs/feed.xml"),
  );
  await measure("GET /blogs?location=a (search, shortest term)", () =>
    send("GET", "/blogs?location=a"),
  );
  await measure("GET /shop", () => send("GET", "/shop"));
  await measure(
    "POST /api/cart/items (a new visitor's cart each time)",
    () => send("POST", "/api/cart/items", { productId: 2, quantity: 1 }),
    201,
  );

  // The race: `buyers` carts, each with one of the item; 10 left.
  const db = database();
  await db.query("update product set stock = 10 where id = 5");
  const carts = await Promise.all(
    Array.from({ length: buyers }, async () => {
      const added = await send("POST", "/api/cart/items", { productId: 5, quantity: 1 });
      return added.cookie as string;
    }),
  );
  const started = performance.now();
  const answers = await Promise.all(
    carts.map((cookie, index) =>
      send("POST", "/api/cart/checkout", { ...buyer, email: `bench${index}@example.com` }, cookie),
    ),
  );
  const elapsed = performance.now() - started;
  const count = (status: number) => answers.filter((answer) => answer.status === status).length;
  const { rows } = await db.query("select stock from product where id = 5");
  const orders = await db.query("select count(*)::int as n from shop_order");
  console.log(`\n${buyers} checkouts at once for the last 10 of one item`);
  console.log(`  201 ${count(201)}, 409 ${count(409)}, other ${buyers - count(201) - count(409)}`);
  console.log(
    `  stock left ${rows[0]?.stock}, orders ${orders.rows[0]?.n}, all answered in ${elapsed.toFixed(0)} ms`,
  );
  await db.end();
} finally {
  await server.stop();
}
