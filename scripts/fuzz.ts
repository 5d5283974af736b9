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
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import sharp from "sharp";
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
import { CLIENT_IP_HEADER, type FuzzSite, runOnFuzzSite } from "./fuzz/site.ts";
import {
  compareSnapshots,
  describeRows,
  EXCLUDED_TABLES,
  type TableChange,
  takeSnapshot,
} from "./fuzz/snapshot.ts";
import { randomGenerator } from "./fuzz/values.ts";
import { type BuiltServer, signUpConfirmed } from "./lib/server.ts";

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

/** `xids`: the transaction ids PostgreSQL handed out from just before the request to its answer. */
type Result = { case: FuzzCase; status: Outcome; ms: number; xids: [number, number] };

const started = Date.now();
await runOnFuzzSite({ name: "fuzz", log: SERVER_LOG, maxBodyBytes: MAX_BODY_BYTES }, main);

async function main({ server, databaseUrl, workDir }: FuzzSite): Promise<number> {
  const { port } = server;
  const host = `localhost:${port}`;
  const origin = server.origin;

  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const signUp = (name: string, email: string, profilePublic: boolean) =>
    signUpConfirmed(server, {
      name,
      email,
      profilePublic,
      headers: { [CLIENT_IP_HEADER]: "10.254.0.1" },
    });
  const players: [SignedUpPlayer, SignedUpPlayer] = [
    await signUp("Fuzz Alice", "fuzz-alice@example.test", false),
    // Bob's profile is public, so the profile, follow and follow-list routes get past the privacy check.
    await signUp("Fuzz Bob", "fuzz-bob@example.test", true),
  ];
  const avatarPath = await uploadAvatar(port, host, origin, players[1], jpeg);

  const before = await takeSnapshot(databaseUrl);
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

  const run = await runCases(chosen, server, databaseUrl);
  const after = await takeSnapshot(databaseUrl);
  const changes = compareSnapshots(before, after);
  const uploadsAfter = listFiles(path.join(workDir, "uploads"));
  const uploadsChanged =
    uploadsBefore.join("\n") !== uploadsAfter.join("\n")
      ? { before: uploadsBefore, after: uploadsAfter }
      : null;
  const samples = await Promise.all(
    changes.map(async (change) => {
      const rows = await describeRows(databaseUrl, change, 500);
      return {
        ...change,
        rows: rows.map(({ row }) => row),
        during: writtenDuring(
          rows.map(({ xmin }) => xmin),
          run.results,
        ),
      };
    }),
  );
  return report(run, cases.length, skipped, samples, uploadsChanged);
}

type Run = {
  results: Result[];
  incomplete: string | null;
  sendingSeconds: number;
};

/**
 * Every case, CONCURRENCY at a time. Each result keeps the window of transaction ids PostgreSQL
 * handed out while its request was under way, so a row a case wrote (its xmin falls in that window)
 * points back at that case and the few sent alongside it, with no look at the tables between
 * cases: that look, and waiting for a group of cases to end before it, took most of the run.
 */
async function runCases(cases: FuzzCase[], server: BuiltServer, url: string): Promise<Run> {
  // Its own connection per worker, as one pg.Client runs one query at a time.
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  // 32 bits, as a row's xmin is (a fresh database is far from the wrap-around).
  const nextXid = async () =>
    Number(
      (
        await pool.query<{ next: string }>(
          "select (pg_snapshot_xmax(pg_current_snapshot())::text::bigint % 4294967296)::text as next",
        )
      ).rows[0]?.next,
    );
  const results: Result[] = [];
  let incomplete: string | null = null;
  let next = 0;
  const sending = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length && !incomplete) {
          const fuzzCase = cases[next++] as FuzzCase;
          const from = await nextXid();
          const sent = performance.now();
          const { status } = await sendRaw(server.port, fuzzCase.request, REQUEST_TIMEOUT_MS);
          const ms = Math.round(performance.now() - sent);
          results.push({ case: fuzzCase, status, ms, xids: [from, await nextXid()] });
          if (server.process.exitCode !== null) {
            incomplete = `the server stopped (exit ${server.process.exitCode}) during case ${fuzzCase.id} (${groupOf(fuzzCase)})`;
          } else if (Date.now() > DEADLINE) {
            incomplete = `time limit of ${options.minutes} minutes reached`;
          }
          if (results.length % 100 === 0)
            process.stdout.write(`\r  ${results.length} / ${cases.length}`);
        }
      }),
    );
  } finally {
    process.stdout.write("\n");
    await pool.end();
  }
  return { results, incomplete, sendingSeconds: (performance.now() - sending) / 1000 };
}

/** The groups of the cases under way when a transaction with this id wrote a row. */
function writtenDuring(xmins: number[], results: Result[]): string[] {
  const groups = new Set<string>();
  for (const xmin of xmins) {
    for (const result of results) {
      if (result.xids[0] <= xmin && xmin < result.xids[1]) groups.add(groupOf(result.case));
    }
  }
  return [...groups];
}

/** How the report names a case: reads by route, other methods by family, so a change points at a field. */
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
  changes: (TableChange & { rows: unknown[]; during: string[] })[],
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
    for (const group of change.during.slice(0, 20)) console.log(`    while sending ${group}`);
    if (change.during.length > 20)
      console.log(`    … and ${change.during.length - 20} more groups`);
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
  console.log(
    `Time: ${Math.round((Date.now() - started) / 1000)} s in all, ${run.sendingSeconds.toFixed(0)} s of them sending`,
  );
  console.log(
    run.incomplete ? `\nINCOMPLETE: ${run.incomplete}` : "\nCOMPLETE: every chosen case was sent.",
  );

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
