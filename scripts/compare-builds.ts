/**
 * A signed-in player's pages on two builds of the site, measured in turns on one database (not a
 * test; prints numbers, asserts nothing). On a machine shared with other work, figures move by
 * half from one minute to the next; two builds measured one after the other in short alternating
 * rounds see the same machine, so their server CPU a request compares.
 *   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/
 *   (cd /tmp/base && npm run build) && npm run build
 *   node scripts/compare-builds.ts --base /tmp/base --rounds 3 --paths /,/businesses
 *   node scripts/compare-builds.ts --base /tmp/base --staff --paths /staff,/staff/orders?q=a
 * Each row: the median of 30 requests alone, then --seconds at --connections with the requests a
 * second, the server's CPU a request (from /proc) and the page's size before compression.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/client.server.ts";
import { seedIfEmpty } from "../app/seed.server.ts";
import { type BuiltServer, startBuiltServer } from "./lib/server.ts";
import { alone, createClient, load, PLAYER_SERVER_ENV, playerHeaders } from "./load.ts";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    paths: { type: "string", default: "/,/businesses" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    "data-dir": { type: "string", default: ".data/bench-demo" },
    port: { type: "string", default: "3917" },
    /** As a moderator with two-factor sign-in on, for the console's pages. */
    staff: { type: "boolean", default: false },
  },
});
if (!values.base) throw new Error("--base <folder of the other build> is required");
const connections = Number(values.connections);
const port = Number(values.port);

const database = await openDatabase({
  embeddedDataDir: path.join(values["data-dir"] as string, "postgres"),
  maxConnections: 2,
});
await seedIfEmpty(database.db);
// The other build is started by its own copy of this helper, so it serves its own build/.
const other: { startBuiltServer: typeof startBuiltServer } = await import(
  path.resolve(values.base, "scripts/lib/server.ts")
);
const builds: { name: string; server: BuiltServer; port: number }[] = [
  {
    name: "base",
    port,
    server: await other.startBuiltServer({
      databaseUrl: database.url,
      port,
      env: PLAYER_SERVER_ENV,
    }),
  },
  {
    name: "this",
    port: port + 1,
    server: await startBuiltServer({
      databaseUrl: database.url,
      port: port + 1,
      env: PLAYER_SERVER_ENV,
    }),
  },
];
const headers = await playerHeaders(
  database.db.$client,
  values.staff ? { role: "moderator", twoFactor: true } : {},
);
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const page of (values.paths as string).split(",")) {
      for (const build of builds) {
        const client = createClient(build.port, connections);
        const single = await alone(client, page, 30, headers);
        const loaded = await load(client, () => page, {
          seconds: Number(values.seconds),
          connections,
          headers,
          pid: build.server.pid,
        });
        const html = await fetch(`http://127.0.0.1:${build.port}${page}`, {
          headers: { ...headers, "accept-encoding": "identity" },
        });
        const bytes = (await html.arrayBuffer()).byteLength;
        console.log(
          `round ${round} ${page} ${build.name}: alone ${single.toFixed(1)} ms, ${loaded.perSecond.toFixed(0)} req/s, ${loaded.cpuMs?.toFixed(2) ?? "?"} ms of server CPU a request, ${(bytes / 1024).toFixed(1)} KB, ${loaded.errors} errors, load average ${os.loadavg()[0]?.toFixed(1)}`,
        );
      }
    }
  }
} finally {
  for (const build of builds) await build.server.stop();
  await database.close();
}
