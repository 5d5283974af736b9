/**
 * Quiz answering under load (not a test; prints numbers):
 *   npm run build && npm run bench:quiz -- [--players 200] [--seconds 60] [--processes 2]
 * Starts the built server (one process, or `processes` workers) on a fresh embedded PostgreSQL of its own (DATA_DIR
 * .data/bench-quiz, seeded with the demo content), writes `players` signed-in players straight to
 * its database, then each plays sets through the JSON API, answering about one question a second
 * (0.8 to 1.2 s apart): start, answer, next, … finish, start again. After `warmup` seconds (not
 * counted: the players' first starts all come at once, and the server's code is not yet optimized),
 * prints p50/p95/p99 of each kind of call over `seconds`, the CPU used by the server, its PostgreSQL
 * and this script, the machine's load average (other work on it shows there), and the server's
 * resident memory, sampled every 250 ms. Then each player plays one more set with the calls of one
 * kind sent together (every start, then every first answer, …), for the server's and PostgreSQL's
 * CPU a call of each kind, printed beside its latencies. With --profile FILE, a CPU profile of the server over the
 * measured seconds is written there and summarised (scripts/cpu-profile.ts); the profiler's own
 * cost then inflates the CPU figures.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { QUIZ_CATEGORIES } from "../app/quiz/categories.ts";
import type { PlayState } from "../app/quiz/types.ts";
import {
  AUTH_SECRET,
  connectToSite,
  createSignedInPlayer,
  SESSION_COOKIE,
} from "../tests/e2e/players.ts";
import { summarise } from "./cpu-profile.ts";
import { requireBuild, startBuiltServer } from "./lib/server.ts";
import { connectInspector, cpuProfile } from "./load.ts";
import { childrenOf, cpuSeconds, residentKb, sum } from "./processes.ts";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    warmup: { type: "string", default: "10" },
    processes: { type: "string", default: "1" },
    profile: { type: "string" },
    "inspect-port": { type: "string", default: "3127" },
  },
});
const players = Number(values.players);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const processes = Number(values.processes);
const SAMPLE_MS = 250;
const REQUEST_TIMEOUT_MS = 30_000;

requireBuild();
// Not under os.tmpdir(): started by root, the embedded PostgreSQL runs as its own user, which cannot
// enter a private temporary directory. Removed before and after each run.
const dataDir = path.resolve(".data/bench-quiz");
fs.rmSync(dataDir, { recursive: true, force: true });
const server = await startBuiltServer({
  dataDir,
  seed: true,
  // The players' session cookies are signed with the tests' secret (tests/e2e/players.ts).
  env: { BETTER_AUTH_SECRET: AUTH_SECRET, WEB_CONCURRENCY: String(processes) },
  inspectPort: values.profile ? Number(values["inspect-port"]) : undefined,
});
const inspector = values.profile ? await connectInspector(Number(values["inspect-port"])) : null;
// Stopped early (Ctrl-C, a time limit): the server and its database go too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void server.stop().finally(() => process.exit(1)));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: players });
const latencies = {
  start: [] as number[],
  answer: [] as number[],
  next: [] as number[],
  finish: [] as number[],
};
type Kind = keyof typeof latencies;
/** Calls of one kind under way at once while its CPU is measured on its own. */
const IN_FLIGHT = 10;
const statuses = new Map<string, number>();
let measuring = false;
let sets = 0;

try {
  const site = connectToSite(dataDir);
  const cookies: string[] = [];
  for (let i = 0; i < players; i++) {
    const { cookieValue } = await createSignedInPlayer(site, { name: `Bench Player ${i + 1}` });
    cookies.push(`${SESSION_COOKIE}=${cookieValue}`);
  }
  await site.end();
  console.log(`${players} players signed in; playing for ${warmup} + ${seconds} s…`);

  const pids = serverPids(server.pid);
  const idle = memory(pids);
  const end = performance.now() + (warmup + seconds) * 1000;
  const playing = Promise.all(cookies.map((cookie, index) => play(cookie, index, end)));
  await sleep(warmup * 1000);
  measuring = true;
  const [loadBefore = 0] = os.loadavg();
  const cpuBefore = {
    server: sum(pids, (pid) => cpuSeconds(pid)),
    database: databaseCpuSeconds(),
    bench: process.cpuUsage(),
  };
  let peak = idle.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(pids).rss);
  }, SAMPLE_MS);

  const profile = inspector
    ? await cpuProfile(inspector, () => sleep(seconds * 1000))
    : await sleep(seconds * 1000);
  measuring = false;
  const [loadAfter = 0] = os.loadavg();
  clearInterval(sampler);
  const after = memory(pids);
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  const cpu = {
    server: sum(pids, (pid) => cpuSeconds(pid)) - cpuBefore.server,
    database: databaseCpuSeconds() - cpuBefore.database,
    bench: (benchCpu.user + benchCpu.system) / 1e6,
  };
  peak = Math.max(peak, after.rss);
  // The sets under way end on their own (a few seconds), so the server stops cleanly.
  await playing;
  const perKind = await cpuByKind(cookies, pids);

  const answers = latencies.answer.length;
  console.log(
    `\n${players} players for ${seconds} s, ${os.availableParallelism()} cores, ${processes === 1 ? "one server process" : `${processes} server processes (WEB_CONCURRENCY) and the first, which keeps the database`}`,
  );
  console.log(
    `  ${answers} answers (${(answers / seconds).toFixed(0)} a second), ${sets} sets finished`,
  );
  console.log(
    `  load average (1 min) ${loadBefore.toFixed(2)} when measuring began, ${loadAfter.toFixed(2)} at the end`,
  );
  console.log(`  statuses: ${[...statuses].map(([key, count]) => `${key} × ${count}`).join(", ")}`);
  for (const [kind, times] of Object.entries(latencies)) {
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(1);
    const own = perKind[kind as Kind];
    const msEach = (seconds: number) => ((seconds * 1000) / own.calls).toFixed(2);
    console.log(
      `  ${kind.padEnd(6)} ${String(times.length).padStart(6)} calls  p50 ${at(50)} ms  p95 ${at(95)} ms  p99 ${at(99)} ms  max ${at(100)} ms;  CPU a call on its own: server ${msEach(own.server)} ms, PostgreSQL ${msEach(own.database)} ms`,
    );
  }
  const share = (used: number) => `${((used / seconds) * 100).toFixed(0)} %`;
  const calls = Object.values(latencies).reduce((sum, times) => sum + times.length, 0);
  console.log(
    `  CPU (of one core): server ${share(cpu.server)} (${((cpu.server * 1000) / calls).toFixed(2)} ms a call), PostgreSQL ${share(cpu.database)}, this load generator ${share(cpu.bench)}`,
  );
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  console.log(`  server RSS: idle ${mb(idle.rss)}, peak ${mb(peak)}, at the end ${mb(after.rss)}`);
  if (profile && values.profile) {
    fs.writeFileSync(values.profile, JSON.stringify(profile));
    console.log(summarise(profile as Parameters<typeof summarise>[0], calls, values.profile));
  }
} finally {
  agent.destroy();
  inspector?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** One player until `end`: sets one after another, answering about a question a second. */
async function play(cookie: string, index: number, end: number) {
  // Players do not all start in the same second.
  await sleep((index / players) * 1000);
  while (performance.now() < end) {
    const category = QUIZ_CATEGORIES[Math.floor(Math.random() * QUIZ_CATEGORIES.length)];
    let state = await call<PlayState>("start", cookie, "/api/quiz/sessions", { category });
    if (!state) continue;
    for (let position = state.question.position; position <= 5; position++) {
      await sleep(800 + Math.random() * 400);
      const answered = await call<PlayState>(
        "answer",
        cookie,
        `/api/quiz/sessions/${state.id}/answers`,
        { position, choice: Math.floor(Math.random() * 4) },
      );
      if (!answered) break;
      if (position === 5) {
        if ((await call("finish", cookie, `/api/quiz/sessions/${state.id}/finish`)) && measuring)
          sets++;
        break;
      }
      const next = await call<PlayState>("next", cookie, "/api/quiz/sessions", { category });
      if (!next) break;
      state = next;
    }
  }
}

/**
 * The server's and PostgreSQL's CPU seconds for each kind of call on its own: every player plays one
 * more set, all the players' calls of one kind (their starts, then their first answers, …) sent
 * `IN_FLIGHT` at a time, the processes' CPU over each such batch counted for its kind. The idle
 * server's own work (the scheduler's polls) counts too, a small share over batches this short.
 */
async function cpuByKind(cookies: string[], pids: number[]) {
  const used = Object.fromEntries(
    Object.keys(latencies).map((kind) => [kind, { calls: 0, server: 0, database: 0 }]),
  ) as Record<Kind, { calls: number; server: number; database: number }>;
  async function batch<T>(kind: Kind, work: (index: number) => Promise<T>): Promise<T[]> {
    const server = sum(pids, (pid) => cpuSeconds(pid));
    const database = databaseCpuSeconds();
    const results: T[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let index = next++; index < cookies.length; index = next++)
          results[index] = await work(index);
      }),
    );
    used[kind].calls += cookies.length;
    used[kind].server += sum(pids, (pid) => cpuSeconds(pid)) - server;
    used[kind].database += databaseCpuSeconds() - database;
    return results;
  }
  const cookie = (index: number) => cookies[index] as string;
  let states = await batch("start", (index) =>
    call<PlayState>("start", cookie(index), "/api/quiz/sessions", {
      category: QUIZ_CATEGORIES[index % QUIZ_CATEGORIES.length],
    }),
  );
  for (let position = 1; position <= 5; position++) {
    await batch("answer", (index) =>
      call("answer", cookie(index), `/api/quiz/sessions/${states[index]?.id}/answers`, {
        position,
        choice: index % 4,
      }),
    );
    if (position < 5)
      states = await batch("next", (index) =>
        call<PlayState>("next", cookie(index), "/api/quiz/sessions", {
          category: states[index]?.category,
        }),
      );
  }
  await batch("finish", (index) =>
    call("finish", cookie(index), `/api/quiz/sessions/${states[index]?.id}/finish`),
  );
  return used;
}

/** One POST of the API, timed; the parsed answer, or null when it was not a success. */
function call<T = unknown>(
  kind: Kind,
  cookie: string,
  pathname: string,
  body?: unknown,
): Promise<T | null> {
  const payload = body === undefined ? "" : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: pathname,
        method: "POST",
        agent,
        headers: {
          cookie,
          origin: server.origin,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          if (measuring) {
            latencies[kind].push(performance.now() - started);
            const key = `${kind} ${response.statusCode}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }
          const ok = (response.statusCode ?? 0) < 300;
          resolve(ok ? (JSON.parse(Buffer.concat(chunks).toString()) as T) : null);
        });
      },
    );
    // A call that fails or gets no answer counts as an error and the player starts again.
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("no answer")));
    request.on("error", (error) => {
      if (measuring) {
        const key = `${kind} ${error.message}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      resolve(null);
    });
    request.end(payload);
  });
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The PostgreSQL of the benchmark: its data directory's postmaster. */
function postmasterPid(): number {
  return Number(
    fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
  );
}

/** The server: its first process and the workers it forked (its children but PostgreSQL). */
function serverPids(first: number): number[] {
  const postmaster = postmasterPid();
  return [first, ...childrenOf(first).filter((pid) => pid !== postmaster)];
}

/** CPU time used by every process of the benchmark's PostgreSQL, live or ended. */
function databaseCpuSeconds(): number {
  const postmaster = postmasterPid();
  return cpuSeconds(postmaster, true) + sum(childrenOf(postmaster), (pid) => cpuSeconds(pid));
}

/** Resident memory of processes, together, in kB. */
function memory(pids: number[]) {
  return { rss: sum(pids, residentKb) };
}
