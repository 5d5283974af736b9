import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../app/db/client.server.ts";
import { createTestDatabase } from "../app/db/test-database.server.ts";
import { childrenOf } from "./processes.ts";

// server.ts with WEB_CONCURRENCY=2 (decision 0024): the first process keeps the database and hands
// requests to two workers, replaces one that dies, and stops them all on SIGTERM.

let database: DatabaseHandle;
let server: ChildProcess;
let origin: string;
let output = "";

beforeAll(async () => {
  database = await createTestDatabase();
  // Vitest sets BASE_URL to Vite's "/", which the server would refuse.
  const { BASE_URL: _vite, ...environment } = process.env;
  server = spawn(process.execPath, ["server.ts"], {
    env: {
      ...environment,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "2",
      PORT: "0",
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: "server-processes-test-secret-0123456789",
      SEED_ON_START: "false",
      SCHEDULES: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  origin = await new Promise<string>((resolve, reject) => {
    server.stdout?.on("data", (chunk) => {
      output += chunk;
      const ready = /Site ready at (http:\/\/\S+?)\/?$/m.exec(output);
      if (ready?.[1]) resolve(ready[1].replace("localhost", "127.0.0.1"));
    });
    server.once("exit", (code) => reject(new Error(`server.ts exited (${code}): ${output}`)));
  });
});

afterAll(async () => {
  if (server.exitCode === null) server.kill("SIGKILL");
  await database.close();
});

const workers = () => childrenOf(server.pid as number);

async function answersFromEveryWorker() {
  const statuses = await Promise.all(
    Array.from({ length: 8 }, () => fetch(`${origin}/api/jobs`).then((answer) => answer.status)),
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
  await expect.poll(() => output, { timeout: 20_000 }).toMatch(/Worker \d+ stopped \(SIGKILL\)/);
  await expect
    .poll(() => fetch(`${origin}/api/jobs`).then((answer) => answer.status), { timeout: 20_000 })
    .toBe(200);
  await answersFromEveryWorker();
});

test("SIGTERM stops the workers, then the first process, cleanly", async () => {
  const running = workers();
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  expect(await exited).toBe(0);
  for (const pid of running) expect(() => process.kill(pid, 0)).toThrow();
});
