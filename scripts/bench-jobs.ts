/**
 * Job search figures on 100,000 postings (not a test; prints numbers):
 *   npm run build && npm run bench:jobs -- --jobs 100000 --seconds 15 [--processes 2]
 * Uses BENCH_DATABASE_URL, or an embedded PostgreSQL under .data/bench-jobs that keeps its rows
 * between runs. Starts the built server (one process, or `processes` workers) and loads it from
 * this one over loopback:
 * each filter alone and all together at 20 connections (p50/p95/p99), then every input of the
 * list one request at a time (its slowest of 10), then searches while employers publish (5 a second)
 * and 20 employers publishing at once, then the query plans. The machine's load
 * average is printed with each figure: other work on the same cores moves the latencies. The CPU
 * time the server, its PostgreSQL and this load generator each spent per request (from /proc)
 * depends much less on that load.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Database, openDatabase } from "../app/db/client.server.ts";
import type { EmployerActor } from "../app/jobs/employers.server.ts";
import { searchJobs } from "../app/jobs/jobs.server.ts";
import { employerPostingSchema } from "../app/jobs/posting-schema.ts";
import { createPosting, publishPosting } from "../app/jobs/postings.server.ts";
import { scaleJobs } from "../app/jobs/scale.server.ts";
import { jobSearchSchema } from "../app/jobs/search.ts";
import { employerPostingFixture, insertEmployerActor } from "../app/jobs/test-fixtures.server.ts";
import { startBuiltServer } from "./lib/server.ts";
import { childrenOf, cpuSeconds, sum } from "./processes.ts";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "100000" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3812" },
    processes: { type: "string", default: "1" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
/** Issue 27: searches stay fast while employers publish this many postings a second… */
const PUBLISHES_PER_SECOND = 5;
/** …and this many employers publishing at the same moment all finish within a second. */
const CONCURRENT_PUBLISHES = 20;

/** Each filter alone, then all of them: the inputs cycle, so a figure is no single lucky query. */
const SCENARIOS: [label: string, queries: string[]][] = [
  ["no filter", [""]],
  [
    "keywords",
    [
      "developer",
      "nurse",
      "payroll",
      "unity",
      "welder",
      "analyst",
      "c#",
      "it",
      "qa",
      "r",
      "sql",
      "tech",
      "a",
      "e",
    ],
  ],
  [
    "location",
    ["toronto", "qc", "quebec", "british columbia", "m5v", "h2x 1y4", "st", "ab", "montreal", "nu"],
  ],
  ["posted date", ["posted=1", "posted=3", "posted=7"]],
  [
    "employer type",
    ["employerType=recruiter", "employerType=direct&employerType=other", "employerType=other"],
  ],
  [
    "work setting",
    ["workSetting=remote", "workSetting=onsite&workSetting=hybrid", "workSetting=hybrid"],
  ],
  [
    "all together",
    [
      "keywords=developer&location=toronto&posted=7&employerType=direct&workSetting=hybrid",
      "keywords=nurse&location=on&posted=3&employerType=recruiter&workSetting=onsite",
      "keywords=it&location=qc&posted=1&employerType=other&workSetting=remote",
      "keywords=a&location=ab&posted=7&employerType=direct&employerType=recruiter&workSetting=onsite",
    ],
  ],
  ["last page (25)", ["page=25", "keywords=developer&page=25", "location=on&page=25"]],
].map(([label, inputs]) => [
  label as string,
  (inputs as string[]).map((input) =>
    input.includes("=") || input === ""
      ? input
      : label === "location"
        ? `location=${encodeURIComponent(input)}`
        : `keywords=${encodeURIComponent(input)}`,
  ),
]);

/** The shortest and oddest inputs, each timed alone. */
const ODD_INPUTS = [
  "keywords=a",
  "keywords=z",
  "keywords=zq",
  "keywords=qx",
  "keywords=%C3%A9",
  "keywords=%25",
  "keywords=_",
  "keywords=%25%25%25",
  "keywords=a%20b%20c%20d%20e%20f%20g%20h",
  "keywords=zzzzzzzzzz",
  `keywords=${"ab".repeat(50)}`,
  `keywords=${encodeURIComponent("x y ".repeat(25))}`,
  "keywords=%F0%9F%98%80",
  "keywords=developer%20zzzz",
  "location=z",
  "location=zz",
  "location=x0a",
  "location=a1a%201a1",
  `location=${"q".repeat(100)}`,
  "keywords=zq&location=zz&posted=1&employerType=other&workSetting=remote",
  "keywords=a&location=e&page=25",
  // Common words that never meet (two provinces), and terms found in many words.
  "location=qc%20bc",
  "location=qc%20bc&employerType=direct&workSetting=onsite",
  "keywords=ou&location=ab%20on",
  "keywords=ion%20ent&location=on",
  "posted=1&page=25",
];

if (!fs.existsSync("build/server/index.js")) {
  console.error("Run npm run build first.");
  process.exit(1);
}

/**
 * CPU seconds used so far by the server's processes (the first and its workers) and, for the
 * embedded database, the postmaster with every backend, live or ended.
 */
function benchCpu(serverPid: number): { server: number; database: number } {
  const server = cpuSeconds(serverPid) + sum(childrenOf(serverPid), (pid) => cpuSeconds(pid));
  const pidFile = ".data/bench-jobs/postgres/postmaster.pid";
  if (process.env.BENCH_DATABASE_URL || !fs.existsSync(pidFile)) return { server, database: 0 };
  const postmaster = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  const database =
    cpuSeconds(postmaster, true) + sum(childrenOf(postmaster), (pid) => cpuSeconds(pid));
  return { server, database };
}

const load = () => {
  const [one, five] = os.loadavg();
  return `load ${one?.toFixed(2)} / ${five?.toFixed(2)} (1 / 5 min) on ${os.cpus().length} cores`;
};

const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  embeddedDataDir: ".data/bench-jobs/postgres",
  // One connection each for the employers publishing at once, as 20 server requests would have.
  maxConnections: CONCURRENT_PUBLISHES + 2,
});
console.log(`Filling to ${Number(values.jobs).toLocaleString("en-CA")} generated postings…`);
await scaleJobs(database.db, Number(values.jobs), (done) =>
  process.stdout.write(`\r  ${done.toLocaleString("en-CA")}`),
);
console.log(`\n${load()} before starting the server`);

const server = await startBuiltServer({
  databaseUrl: database.url,
  port,
  env: { WEB_CONCURRENCY: String(values.processes) },
});

try {
  const serving = values.processes === "1" ? "one server process" : `${values.processes} workers`;
  console.log(`\n## GET /api/jobs, ${connections} connections, ${seconds} s each, ${serving}\n`);
  console.log(
    "| filter | req/s | p50 | p95 | p99 | max | errors | CPU ms/request: server + PostgreSQL (+ this client) | load |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const [label, queries] of SCENARIOS) await measure(label, queries);

  await publishingRows();

  console.log("\n## Each odd or short input alone: slowest of 10 sequential requests\n");
  console.log("| input | status | median | slowest |");
  console.log("|---|---:|---:|---:|");
  for (const query of ODD_INPUTS) await alone(query);

  console.log("\n## Query plans (EXPLAIN ANALYZE, BUFFERS)\n");
  for (const query of [
    "",
    "keywords=developer",
    "keywords=tech",
    "keywords=zq",
    "keywords=unity&location=nu",
    "location=british%20columbia",
    "location=m5v",
    "posted=1&employerType=other&workSetting=remote",
    "keywords=it&location=qc&posted=1&employerType=other&workSetting=remote",
    "page=25",
  ]) {
    await plan(query);
  }
} finally {
  await server.stop();
  await database.close();
}

/** One GET as a browser sends it (asking for gzip), reading the body as it comes. */
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

function percentile(sorted: number[], p: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(
    1,
  );
}

/** `connections` loops sending the queries in turn for `duration` seconds; their latencies. */
async function loadFor(duration: number, queries: string[]) {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const end = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        if ((await get(`/api/jobs?${queries[sent++ % queries.length]}`)) !== 200) errors++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { latencies, errors };
}

/**
 * One scenario: a second of the same load first (not counted: the server compiles its new paths
 * and PostgreSQL caches their pages), then `seconds` measured, every latency kept.
 */
async function measure(label: string, queries: string[]) {
  await loadFor(1, queries);
  const before = load();
  const cpuBefore = benchCpu(server.pid);
  const clientBefore = process.cpuUsage();
  const { latencies, errors } = await loadFor(seconds, queries);
  const cpuAfter = benchCpu(server.pid);
  const perRequest = (seconds: number) => ((seconds * 1000) / latencies.length).toFixed(2);
  const serverCpu = perRequest(cpuAfter.server - cpuBefore.server);
  const databaseCpu = perRequest(cpuAfter.database - cpuBefore.database);
  const { user, system } = process.cpuUsage(clientBefore);
  const clientCpu = perRequest((user + system) / 1e6);
  latencies.sort((a, b) => a - b);
  console.log(
    `| ${label} | ${(latencies.length / seconds).toFixed(0)} | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${percentile(latencies, 99)} | ${percentile(latencies, 100)} | ${errors} | ${serverCpu} + ${databaseCpu} (+ ${clientCpu}) | ${before.replace(/ on .*/, "")} |`,
  );
}

async function alone(query: string) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < 10; i += 1) {
    const started = performance.now();
    status = await get(`/api/jobs?${query}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `| \`${query.slice(0, 60)}\` | ${status} | ${percentile(times, 50)} | ${percentile(times, 100)} |`,
  );
}

/**
 * The plans of the statements the API sends for `query`, as the server runs them: those it runs
 * on its same-plan pool (decision 0025) with their generic plan, the others planned for their
 * values.
 */
async function plan(query: string) {
  const params = new URLSearchParams(query);
  const { criteria, page } = jobSearchSchema.parse({
    ...Object.fromEntries(params),
    employerType: params.getAll("employerType"),
    workSetting: params.getAll("workSetting"),
  });
  const sent: { sql: string; params: unknown[]; samePlan: boolean }[] = [];
  const recording = (samePlan: boolean) =>
    drizzle({
      client: database.db.$client,
      casing: "snake_case",
      logger: { logQuery: (sql, params) => sent.push({ sql, params, samePlan }) },
    });
  const db = Object.assign(recording(false), { $samePlan: recording(true) });
  await searchJobs(db as unknown as Database, criteria, page);
  const client = await database.db.$client.connect();
  try {
    console.log(`### \`/api/jobs?${query}\`\n`);
    for (const statement of sent) {
      const explain = "explain (analyze, buffers, costs off)";
      let rows: Record<string, string>[];
      if (statement.samePlan) {
        await client.query("set plan_cache_mode = force_generic_plan");
        await client.query(`prepare planned as ${statement.sql}`);
        const values = statement.params.map((value) =>
          typeof value === "number"
            ? String(value)
            : pg.escapeLiteral(value instanceof Date ? value.toISOString() : String(value)),
        );
        ({ rows } = await client.query(`${explain} execute planned(${values.join(", ")})`));
        await client.query("deallocate planned; reset plan_cache_mode");
      } else {
        ({ rows } = await client.query(`${explain} ${statement.sql}`, statement.params));
      }
      const kind = statement.samePlan ? "generic plan" : "planned for its values";
      console.log(
        `${kind}:\n\n\`\`\`\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}\n\`\`\`\n`,
      );
    }
  } finally {
    client.release();
  }
}

/**
 * Employers publishing while seekers search (issue 27): new postings change the common words'
 * count rows (decision 0026) that every search reads and every publish updates. Postings are
 * created and published in this process through the employers' own service (`createPosting`,
 * `publishPosting`: the form's and the API's path after the session check), each by its own
 * verified employer, with the words most postings share ("developer", "Toronto").
 */
async function publishingRows() {
  const employers = await Promise.all(
    Array.from({ length: CONCURRENT_PUBLISHES }, (_, index) =>
      insertEmployerActor(database.db, {
        name: `Bench employer ${Date.now()}-${index}`,
        verifiedAt: new Date(),
      }),
    ),
  );
  const keywordQueries = SCENARIOS.find(([label]) => label === "keywords")?.[1] ?? [""];

  console.log(
    `\n## Searching (keywords, ${connections} connections) while employers publish ${PUBLISHES_PER_SECOND} postings a second\n`,
  );
  const publishTimes: number[] = [];
  const publishing: Promise<void>[] = [];
  let serial = 0;
  const timer = setInterval(() => {
    const actor = employers[serial % employers.length] as EmployerActor;
    serial += 1;
    publishing.push(publishOne(actor, serial).then((ms) => void publishTimes.push(ms)));
  }, 1000 / PUBLISHES_PER_SECOND);
  const before = load();
  const { latencies, errors } = await loadFor(seconds, keywordQueries);
  clearInterval(timer);
  await Promise.all(publishing);
  latencies.sort((a, b) => a - b);
  publishTimes.sort((a, b) => a - b);
  console.log("| figure | value | goal |");
  console.log("|---|---:|---|");
  console.log(`| search req/s | ${(latencies.length / seconds).toFixed(0)} (${errors} errors) | |`);
  console.log(`| search p95 | ${percentile(latencies, 95)} ms | ≤ 50 ms |`);
  console.log(`| search p99 | ${percentile(latencies, 99)} ms | |`);
  console.log(
    `| postings published | ${publishTimes.length} in ${seconds} s (${(publishTimes.length / seconds).toFixed(1)} a second) | ${PUBLISHES_PER_SECOND} a second |`,
  );
  console.log(
    `| one publish, p50 / p95 | ${percentile(publishTimes, 50)} / ${percentile(publishTimes, 95)} ms | |`,
  );
  console.log(`| load | ${before} | |`);

  console.log(`\n## ${CONCURRENT_PUBLISHES} employers publishing at the same moment (3 rounds)\n`);
  console.log("| round | all published | wall time | slowest publish | goal |");
  console.log("|---|---|---:|---:|---|");
  for (let round = 1; round <= 3; round += 1) {
    const drafts = await Promise.all(
      employers.map(async (actor, index) => ({
        actor,
        id: await draft(actor, serial + round * CONCURRENT_PUBLISHES + index),
      })),
    );
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      drafts.map(async ({ actor, id }) => {
        const status = await publishPosting(database.db, actor, id);
        return { status, ms: performance.now() - started };
      }),
    );
    const wall = performance.now() - started;
    const published = outcomes.filter(
      (outcome) => outcome.status === "fulfilled" && outcome.value.status === "published",
    ).length;
    const slowest = Math.max(
      ...outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value.ms : 0)),
    );
    console.log(
      `| ${round} | ${published} of ${CONCURRENT_PUBLISHES} | ${wall.toFixed(0)} ms | ${slowest.toFixed(0)} ms | all within 1,000 ms |`,
    );
  }
}

/** A draft posting of `actor`'s, closing in 30 days, sharing the common words; its id. */
function draft(actor: EmployerActor, serial: number): Promise<number> {
  const closesOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const posting = employerPostingSchema.parse(
    employerPostingFixture({
      title: { "en-CA": `Software developer ${serial}`, "fr-CA": `Développeur logiciel ${serial}` },
      city: "Toronto",
      postalCode: "M5V 2T6",
      closesOn,
    }),
  );
  return createPosting(database.db, actor, posting);
}

/** Writes a draft and publishes it; the publish's milliseconds. */
async function publishOne(actor: EmployerActor, serial: number): Promise<number> {
  const id = await draft(actor, serial);
  const started = performance.now();
  await publishPosting(database.db, actor, id);
  return performance.now() - started;
}
