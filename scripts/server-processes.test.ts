import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../app/db/client.server.ts";
import { createTestDatabase } from "../app/db/test-database.server.ts";
import { type BuiltServer, startBuiltServer } from "./lib/server.ts";
import { childrenOf } from "./processes.ts";

// server.ts with WEB_CONCURRENCY=2 (decision 0024): the first process keeps the database and hands
// requests to two workers, replaces one that dies, and stops them all on SIGTERM.

const METRICS_TOKEN = "server-processes-metrics-token";

let database: DatabaseHandle;
let server: BuiltServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startBuiltServer({
    databaseUrl: database.url,
    env: {
      WEB_CONCURRENCY: "2",
      BETTER_AUTH_SECRET: "server-processes-test-secret-0123456789",
      SCHEDULES: "false",
      METRICS_TOKEN,
    },
  });
});

afterAll(async () => {
  await server.stop("SIGKILL");
  await database.close();
});

const workers = () => childrenOf(server.pid);

async function answersFromEveryWorker() {
  const statuses = await Promise.all(
    Array.from({ length: 8 }, () =>
      fetch(`${server.url}/api/jobs`).then((answer) => answer.status),
    ),
  );
  expect(statuses).toEqual(Array(8).fill(200));
}

test("two workers serve the site; one that dies is replaced", async () => {
  expect(workers()).toHaveLength(2);
  await answersFromEveryWorker();

  const [dead] = workers();
  process.kill(dead as number, "SIGKILL");
  await expect
    .poll(() => workers().filter((pid) => pid !== dead), { timeout: 20_000 })
    .toHaveLength(2);
  await expect
    .poll(() => server.output(), { timeout: 20_000 })
    .toMatch(/Worker \d+ stopped \(SIGKILL\)/);
  await expect
    .poll(() => fetch(`${server.url}/api/jobs`).then((answer) => answer.status), {
      timeout: 20_000,
    })
    .toBe(200);
  await answersFromEveryWorker();
});

test("/metrics, whichever worker answers, adds up every process of the host", async () => {
  const answered = async () => {
    const answer = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    const line = /^http_requests_total\{route="\/api\/jobs",method="GET",status="200"\} (\d+)$/m;
    return Number(line.exec(await answer.text())?.[1] ?? 0);
  };
  const before = await answered();
  await answersFromEveryWorker();
  await answersFromEveryWorker();
  // Each scrape may be answered by either worker: both see the 16 requests, spread over the two.
  expect((await answered()) - before).toBe(16);
  expect((await answered()) - before).toBe(16);
});

test("SIGTERM stops the workers, then the first process, cleanly", async () => {
  const running = workers();
  const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
  server.process.kill("SIGTERM");
  expect(await exited).toBe(0);
  for (const pid of running) expect(() => process.kill(pid, 0)).toThrow();
});
