/**
 * Search and page-rendering figures on a large directory (not a test; prints numbers):
 *   npm run build && npm run bench -- --businesses 1000000 --seconds 20
 * Uses BENCH_DATABASE_URL, or an embedded PostgreSQL under .data/bench that keeps its rows between
 * runs. Starts the built server as one process and loads it from this one over loopback.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/client.server.ts";
import { scaleBusinesses } from "../app/directory/scale.server.ts";

const { values } = parseArgs({
  options: {
    businesses: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3900" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const TERMS = [
  "caf",
  "map",
  "bis",
  "spa",
  "gar",
  "pub",
  "nor",
  "lake",
  "harb",
  "gold",
  "yoga",
  "books",
  "cedar",
  "auto",
  "pine",
  "blue",
];

if (!fs.existsSync("build/server/index.js")) {
  console.error("Run npm run build first.");
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  embeddedDataDir: ".data/bench/postgres",
  maxConnections: 2,
});
console.log(
  `Filling to ${Number(values.businesses).toLocaleString("en-CA")} generated businesses…`,
);
await scaleBusinesses(database.db, Number(values.businesses), (done) =>
  process.stdout.write(`\r  ${done.toLocaleString("en-CA")}`),
);
console.log();

const server = spawn(process.execPath, ["server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: database.url,
    SEED_ON_START: "false",
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  server.stdout?.on("data", (chunk) => String(chunk).includes("Site ready") && resolve());
  server.once("exit", (code) =>
    reject(new Error(`The server stopped before it was ready (exit ${code}).`)),
  );
});

try {
  await measure(
    "GET /api/businesses?title=<term>",
    (i) => `/api/businesses?title=${TERMS[i % TERMS.length]}`,
  );
  await measure(
    "GET /businesses?title=<term> (server-rendered page)",
    (i) => `/businesses?title=${TERMS[i % TERMS.length]}&location=&category=`,
  );
  await measure("GET /api/businesses (no filter, first page)", () => "/api/businesses");
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await database.close();
}

/**
 * One GET as a browser sends it (asking for gzip), reading the body as it comes: decompressing is
 * the client's work, which a real visitor does on their own machine, not on this one.
 */
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path, agent, headers: { "accept-encoding": "gzip" } },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
  });
}

/** `connections` loops sending one request after another for `seconds`; every latency is kept. */
async function measure(label: string, path: (i: number) => string) {
  // Warm up caches and the connection pool before timing.
  await Promise.all(Array.from({ length: connections }, (_, i) => get(path(i))));
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        if ((await get(path(sent++))) !== 200) errors++;
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
