import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../app/db/client.server.ts";
import { createTestDatabase } from "../app/db/test-database.server.ts";
import { type BuiltServer, startBuiltServer } from "./lib/server.ts";

// SIGTERM under load (decision 0044): the server takes no new connection, lets every request in
// flight finish, then stops with status 0.

let database: DatabaseHandle;
const servers: BuiltServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await database.close();
});

type Outcome = { status: number | "failed"; answeredAfterSignal: boolean };

/** 30 page requests at once, SIGTERM once the first is answered, more requests after it. */
async function stopUnderLoad(server: BuiltServer) {
  let signalled = false;
  /**
   * One GET on its own connection. `sent` resolves once the request is written on a connection the
   * server accepted: from then on it has started, whatever the client's own event loop does next.
   */
  const load = (path: string) => {
    let sent = () => {};
    const written = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const outcome = new Promise<Outcome>((resolve) => {
      const failed = () => {
        sent();
        resolve({ status: "failed", answeredAfterSignal: signalled });
      };
      const request = http.get(`${server.url}${path}`, { agent: false }, (answer) => {
        answer.resume();
        answer.on("end", () =>
          resolve({ status: answer.statusCode ?? 0, answeredAfterSignal: signalled }),
        );
        answer.on("error", failed);
      });
      request.on("error", failed);
      request.on("socket", (socket) => socket.once("connect", () => sent()));
    });
    return { written, outcome };
  };
  const pages = ["/businesses", "/jobs", "/login", "/"];
  const burst = Array.from({ length: 30 }, (_, i) => load(pages[i % pages.length] as string));
  const before = burst.map(({ outcome }) => outcome);

  // Every request is on the wire, and the first answer means the server has been reading and
  // rendering the burst for a while.
  await Promise.all(burst.map(({ written }) => written));
  await Promise.race(before);
  const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  signalled = true;

  // Load goes on after the signal; these may be refused, and are not counted.
  let running = true;
  void exited.then(() => {
    running = false;
  });
  let after = 0;
  const more = (async () => {
    while (running) {
      after += 1;
      await load("/jobs").outcome;
    }
  })();

  const outcomes = await Promise.all(before);
  expect(
    outcomes.map((outcome) => outcome.status),
    server.output(),
  ).toEqual(Array(30).fill(200));
  // Some were still being served when the signal came: the drain is what this test saw.
  expect(outcomes.some((outcome) => outcome.answeredAfterSignal)).toBe(true);
  expect(await exited).toBe(0);
  await more;
  expect(after).toBeGreaterThan(0);
}

// Every request rendered, none served from the page cache: each one keeps the server busy.
const busy = { SCHEDULES: "false", PAGE_CACHE_SECONDS: "0" };
/** Each test starts its server, a new embedded PostgreSQL included: minutes on a busy machine. */
const STARTS_A_SERVER = { timeout: 240_000 };

test(
  "SIGTERM under load on DATABASE_URL: no request that started before it fails",
  STARTS_A_SERVER,
  async () => {
    const server = await startBuiltServer({ databaseUrl: database.url, env: busy });
    servers.push(server);
    await stopUnderLoad(server);
  },
);

test(
  "SIGTERM under load on the embedded PostgreSQL: it stops only after the requests",
  STARTS_A_SERVER,
  async () => {
    // Under the project: the embedded PostgreSQL runs as a user of its own, who cannot enter a
    // temporary folder made for root.
    const dataDir = path.resolve(".data/shutdown-test");
    fs.rmSync(dataDir, { recursive: true, force: true });
    try {
      const server = await startBuiltServer({ dataDir, env: busy });
      servers.push(server);
      await stopUnderLoad(server);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
