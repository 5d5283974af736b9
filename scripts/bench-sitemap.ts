/**
 * The sitemap at scale (not a test; prints figures):
 *   npm run build && npm run bench:sitemap                       # a million businesses
 *   npm run bench:sitemap -- --businesses 200000
 * Uses the embedded PostgreSQL in .data/bench (the one `npm run bench` fills; filling a million
 * takes a few minutes the first time) or BENCH_DATABASE_URL. Starts the built server as
 * `npm run serve` does, reads /sitemap.xml and then every sitemap it names, one after the other
 * (English without compression, French gzipped, as crawlers ask), and samples the server's
 * resident memory every 20 ms throughout.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/client.server.ts";
import { lastBusinessId } from "../app/directory/businesses.server.ts";
import { scaleBusinesses } from "../app/directory/scale.server.ts";
import { startBuiltServer } from "./lib/server.ts";

const { values } = parseArgs({
  options: {
    businesses: { type: "string", default: "1000000" },
    port: { type: "string", default: "3930" },
  },
});
const target = Number(values.businesses);
const port = Number(values.port);

const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  embeddedDataDir: path.join(".data/bench", "postgres"),
  maxConnections: 2,
});
await scaleBusinesses(database.db, target, (done) =>
  process.stdout.write(`\r${done.toLocaleString("en-CA")} generated businesses`),
);
console.log(
  `\nHighest business id: ${(await lastBusinessId(database.db)).toLocaleString("en-CA")}`,
);
const server = await startBuiltServer({ databaseUrl: database.url, port });
const base = `http://127.0.0.1:${port}`;

const mb = (kb: number) => (kb / 1024).toFixed(0);
function memory(): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return {
    rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0),
    peak: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0),
  };
}

/** Reads one answer to the end, counting what arrives; nothing is kept. */
async function read(pathname: string, gzip: boolean) {
  const started = performance.now();
  const answer = await fetch(`${base}${pathname}`, {
    headers: { "accept-encoding": gzip ? "gzip" : "identity" },
  });
  if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
  const firstByte = performance.now() - started;
  const decoder = new TextDecoder();
  let urls = 0;
  let bytes = 0;
  let tail = "";
  // fetch gunzips a gzipped answer as it arrives.
  for await (const chunk of answer.body as ReadableStream<Uint8Array>) {
    bytes += chunk.length;
    // The last 4 characters may start a "<loc>" the next chunk ends; they cannot hold a whole one.
    const text = tail + decoder.decode(chunk, { stream: true });
    urls += text.split("<loc>").length - 1;
    tail = text.slice(-4);
  }
  return {
    ms: performance.now() - started,
    firstByte,
    urls,
    bytes,
    encoding: answer.headers.get("content-encoding"),
  };
}

try {
  const idle = memory();
  let peakDuring = idle.rss;
  const sampler = setInterval(() => {
    peakDuring = Math.max(peakDuring, memory().rss);
  }, 20);

  const index = await read("/sitemap.xml", false);
  const names = [
    ...(await (await fetch(`${base}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g),
  ].map((match) => new URL(match[1] as string).pathname);
  console.log(
    `/sitemap.xml: ${names.length} sitemaps in ${index.ms.toFixed(0)} ms (${index.bytes} bytes)`,
  );

  const started = performance.now();
  let urls = 0;
  let slowest = { name: "", ms: 0, firstByte: 0 };
  let largest = 0;
  for (const name of names) {
    const gzip = name.startsWith("/sitemaps/fr-");
    const part = await read(name, gzip);
    urls += part.urls;
    largest = Math.max(largest, part.urls);
    if (part.ms > slowest.ms) slowest = { name, ms: part.ms, firstByte: part.firstByte };
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  const after = memory();

  console.log(`Sitemaps read: ${names.length}, ${urls.toLocaleString("en-CA")} addresses in all`);
  console.log(`Largest sitemap: ${largest.toLocaleString("en-CA")} addresses (limit 50,000)`);
  console.log(`All sitemaps one after the other: ${(total / 1000).toFixed(1)} s`);
  console.log(
    `Slowest sitemap: ${slowest.name} in ${slowest.ms.toFixed(0)} ms (first byte after ${slowest.firstByte.toFixed(0)} ms)`,
  );
  console.log(
    `Server memory (RSS): ${mb(idle.rss)} MB before, at most ${mb(peakDuring)} MB while streaming, ${mb(after.rss)} MB after; process peak (VmHWM) ${mb(after.peak)} MB`,
  );
} finally {
  await server.stop();
  await database.close();
}
