/**
 * Where a page's CPU goes, and whether the server's memory comes back after load (not a test):
 *   npm run build && node scripts/profile.ts --path /businesses --seconds 15
 *   node scripts/profile.ts --path /businesses --seconds 60 --heap
 *   node scripts/profile.ts --path / --player          # as a signed-in player, with a real session
 *   node scripts/profile.ts --path /staff --staff --data-dir .data/bench-staff   # as a moderator
 * A player's requests carry a cookie, so every one is rendered (only visitors' pages are kept).
 * Starts the built server against an embedded PostgreSQL under --data-dir (the demo data is loaded
 * into an empty one), warms it up, then records a CPU profile through the inspector while
 * --connections keep the page busy, and summarises it (scripts/cpu-profile.ts). With --heap it
 * takes heap snapshots at rest before the load and a minute after it, beside the profile, for
 * Chrome's DevTools (Memory tab, Comparison view).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/db/client.server.ts";
import { seedIfEmpty } from "../app/seed.server.ts";
import { summarise } from "./cpu-profile.ts";
import { startBuiltServer } from "./lib/server.ts";
import {
  alone,
  connectInspector,
  cpuProfile,
  createClient,
  heapSnapshot,
  load,
  PLAYER_SERVER_ENV,
  playerHeaders,
} from "./load.ts";

const { values } = parseArgs({
  options: {
    path: { type: "string", default: "/businesses" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "20" },
    "data-dir": { type: "string", default: ".data/bench-demo" },
    out: { type: "string", default: ".data/profiles" },
    port: { type: "string", default: "3910" },
    "inspect-port": { type: "string", default: "9310" },
    heap: { type: "boolean", default: false },
    player: { type: "boolean", default: false },
    staff: { type: "boolean", default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const name = `${values.path?.replace(/[^a-z0-9]+/gi, "_")}-${stamp}`;
fs.mkdirSync(values.out as string, { recursive: true });

const database = await openDatabase({
  embeddedDataDir: path.join(values["data-dir"] as string, "postgres"),
  maxConnections: 2,
});
await seedIfEmpty(database.db);
const server = await startBuiltServer({
  databaseUrl: database.url,
  port: Number(values.port),
  inspectPort: Number(values["inspect-port"]),
  env: PLAYER_SERVER_ENV,
});
const inspector = await connectInspector(Number(values["inspect-port"]));
const headers =
  values.player || values.staff
    ? await playerHeaders(
        database.db.$client,
        values.staff ? { role: "moderator", twoFactor: true } : {},
      )
    : undefined;
const client = createClient(server.port, connections);
try {
  const page = values.path as string;
  const who = values.staff ? "as a moderator" : values.player ? "as a player" : "without a cookie";
  console.log(
    `${page} ${who}: alone ${(await alone(client, page, 50, headers)).toFixed(1)} ms (median of 50)`,
  );
  const warm = await load(client, () => page, {
    seconds: 5,
    connections,
    headers,
    pid: server.pid,
  });
  console.log(
    `  without the profiler: ${warm.perSecond.toFixed(0)} req/s, p95 ${warm.p95.toFixed(1)} ms, ${warm.cpuMs?.toFixed(2)} ms of server CPU a request, ${warm.errors} errors`,
  );

  const before = values.heap
    ? await heapSnapshot(inspector, path.join(values.out as string, `${name}-before.heapsnapshot`))
    : undefined;
  const rssBefore = server.rssMb();

  let result: Awaited<ReturnType<typeof load>> | undefined;
  const profile = await cpuProfile(inspector, async () => {
    result = await load(client, () => page, { seconds, connections, headers });
  });
  const file = path.join(values.out as string, `${name}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  if (!result) throw new Error("No load result.");
  console.log(
    `${page} ${who}, ${connections} connections, ${seconds} s under the profiler: ${result.perSecond.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms, ${result.errors} errors`,
  );
  console.log(summarise(profile as Parameters<typeof summarise>[0], result.requests, file));

  const rssAfterLoad = server.rssMb();
  if (values.heap) {
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    const after = await heapSnapshot(
      inspector,
      path.join(values.out as string, `${name}-after.heapsnapshot`),
    );
    console.log(
      `Memory: RSS ${rssBefore.toFixed(0)} MB at rest → ${rssAfterLoad.toFixed(0)} MB after the load → ${server.rssMb().toFixed(0)} MB a minute later; heap used after GC ${before?.toFixed(1)} → ${after.toFixed(1)} MB. Snapshots in ${values.out}.`,
    );
  }
} finally {
  client.close();
  inspector.close();
  await server.stop();
  await database.close();
}
