/**
 * What the benchmarks and the profiler share: loading the built server (lib/server.ts starts it)
 * over loopback with a fixed number of connections, and talking to its inspector (CPU profiles,
 * heap snapshots). Not a test; nothing here asserts.
 */
import fs from "node:fs";
import http from "node:http";
import type pg from "pg";
import { AUTH_SECRET, createSignedInPlayer, SESSION_COOKIE } from "../tests/e2e/players.ts";
import { cpuSeconds } from "./processes.ts";

/**
 * The headers of a signed-in player's requests: a player and a real session written to the
 * database as Better Auth writes them (the e2e fixture), signed with the secret of a server
 * started with `PLAYER_SERVER_ENV`. The first request extends the session, as it does for a
 * player coming back the next day; the ones after it take the one-query lookup.
 */
export async function playerHeaders(
  pool: pg.Pool,
  staff: { role: "moderator" | "admin"; twoFactor: true } | Record<never, never> = {},
): Promise<Record<string, string>> {
  // Staff are adults: a child's pages leave out the cart and what is for sale.
  const { cookieValue } = await createSignedInPlayer(pool, {
    name: "Bench Player",
    ...("role" in staff ? { age: 35 } : {}),
    ...staff,
  });
  return { cookie: `${SESSION_COOKIE}=${cookieValue}` };
}

/** What a server needs in its environment to accept `playerHeaders`' sessions. */
export const PLAYER_SERVER_ENV = { BETTER_AUTH_SECRET: AUTH_SECRET };

export type Answer = { status: number; bytes: number; encoding: string | undefined };

/** An HTTP client with up to `connections` kept-alive sockets to one port. */
export function createClient(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  /**
   * One GET as a browser sends it, reading the body as it comes: decompressing is the visitor's
   * work, on their own machine, not this one's.
   */
  function get(
    path: string,
    acceptEncoding = "br, gzip",
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        {
          host: "127.0.0.1",
          port,
          path,
          agent,
          headers: { "accept-encoding": acceptEncoding, ...headers },
        },
        (response) => {
          let bytes = 0;
          response.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              bytes,
              encoding: response.headers["content-encoding"],
            }),
          );
        },
      );
      request.on("error", reject);
    });
  }
  return { get, close: () => agent.destroy() };
}

export type Client = ReturnType<typeof createClient>;

export type LoadResult = {
  requests: number;
  perSecond: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  /** Server CPU (user + system) per timed request, in ms, when the server's pid was given. */
  cpuMs?: number;
};

/** The value at percentile `p` of sorted numbers. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * `connections` loops, each sending its next request as soon as the last one ends, for `seconds`.
 * A status other than `expect` counts as an error.
 */
export async function load(
  client: Client,
  path: (i: number) => string,
  options: {
    seconds: number;
    connections: number;
    expect?: number;
    /** The same headers for every request, or each request's own. */
    headers?: Record<string, string> | ((i: number) => Record<string, string>);
    /** The server process, to report its CPU per request (the comparable figure on a shared machine). */
    pid?: number;
  },
): Promise<LoadResult> {
  const { headers } = options;
  const get = (i: number) =>
    client.get(path(i), undefined, typeof headers === "function" ? headers(i) : headers);
  // Warm up caches and the connection pool before timing.
  await Promise.all(Array.from({ length: options.connections }, (_, i) => get(i)));
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const cpuBefore = options.pid ? cpuSeconds(options.pid) : 0;
  const end = performance.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        // A connection the server closed (an overloaded machine) is an error, not the end of the run.
        const answer = await get(sent++).catch(() => undefined);
        if (answer?.status !== (options.expect ?? 200)) errors++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  const cpuMs = options.pid
    ? ((cpuSeconds(options.pid) - cpuBefore) * 1000) / latencies.length
    : undefined;
  latencies.sort((a, b) => a - b);
  return {
    cpuMs,
    requests: latencies.length,
    perSecond: latencies.length / options.seconds,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** The median time of `count` requests sent one after another, nothing else in flight. */
export async function alone(
  client: Client,
  path: string,
  count: number,
  headers?: Record<string, string> | ((i: number) => Record<string, string>),
): Promise<number> {
  const headersOf = (i: number) => (typeof headers === "function" ? headers(i) : headers);
  await client.get(path, undefined, headersOf(-1));
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await client.get(path, undefined, headersOf(i));
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

export type Inspector = {
  call: (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;
  on: (method: string, listener: (params: Record<string, unknown>) => void) => void;
  close: () => void;
};

/** The DevTools protocol of a process started with --inspect. */
export async function connectInspector(port: number): Promise<Inspector> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error("No inspector target.");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, (result: Record<string, unknown>) => void>();
  const listeners = new Map<string, (params: Record<string, unknown>) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id) pending.get(message.id)?.(message.result ?? {});
    else listeners.get(message.method)?.(message.params);
  });
  return {
    call: (method, params = {}) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    on: (method, listener) => listeners.set(method, listener),
    close: () => socket.close(),
  };
}

/** A CPU profile of the server while `during` runs, sampled every 100 µs. */
export async function cpuProfile(inspector: Inspector, during: () => Promise<unknown>) {
  await inspector.call("Profiler.enable");
  await inspector.call("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.call("Profiler.start");
  await during();
  const { profile } = await inspector.call("Profiler.stop");
  return profile;
}

/** Collects garbage, then writes a heap snapshot to `file`; returns the used heap in MB. */
export async function heapSnapshot(inspector: Inspector, file: string): Promise<number> {
  await inspector.call("HeapProfiler.enable");
  await inspector.call("HeapProfiler.collectGarbage");
  const chunks: string[] = [];
  inspector.on("HeapProfiler.addHeapSnapshotChunk", (params) => chunks.push(String(params.chunk)));
  await inspector.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  fs.writeFileSync(file, chunks.join(""));
  const { result } = (await inspector.call("Runtime.evaluate", {
    expression: "process.memoryUsage().heapUsed",
  })) as { result: { value: number } };
  return result.value / 1024 / 1024;
}
