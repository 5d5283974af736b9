import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../app/db/client.server.ts";
import { outboxEmail } from "../app/db/schema/platform.ts";
import { createTestDatabase } from "../app/db/test-database.server.ts";
import { confirmAlert, createAlert } from "../app/jobs/alerts.server.ts";
import { fixturePosting, insertFixtures } from "../app/jobs/test-fixtures.server.ts";
import { taskHistory } from "../app/platform/scheduler.server.ts";

// Two server processes (as on two hosts) on one database, with the sweeps due every minute and job
// alerts due two minutes from now: each occurrence of each schedule runs once, in one of them
// (decision 0037).

const SWEEPS = [
  "release-unpaid-orders",
  "sweep-carts",
  "sweep-avatars",
  "sweep-content-pictures",
  "prune-limits",
  "sweep-stats",
];
const TASKS = ["job-alerts", ...SWEEPS];
const TIMEZONE = "America/Toronto";

let database: DatabaseHandle;
let dataDir: string;
const servers: { process: ChildProcess; output: string }[] = [];

/** HH:MM in Toronto, `minutes` from now. */
function torontoTime(minutes: number) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: TIMEZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(Date.now() + minutes * 60_000));
}

function startServer(env: Record<string, string>) {
  const server = {
    process: spawn(process.execPath, ["server.ts"], { env, stdio: "pipe" }),
    output: "",
  };
  servers.push(server);
  return new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      server.output += chunk;
      if (/Site ready at /.test(server.output)) resolve();
    };
    server.process.stdout?.on("data", read);
    server.process.stderr?.on("data", read);
    server.process.once("exit", (code) =>
      reject(new Error(`server.ts exited (${code}): ${server.output}`)),
    );
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  // A confirmed alert with a new matching posting: the day's run mails it one digest.
  await createAlert(database.db, {
    email: "sam@example.com",
    locale: "en-CA",
    filters: { keywords: "nurse", location: "", employerTypes: [], workSettings: ["onsite"] },
    baseUrl: "http://localhost",
  });
  const [alert] = await database.db.query.jobAlert.findMany();
  await confirmAlert(database.db, alert?.token as string, new Date(Date.now() - 2 * 60 * 60_000));
  await insertFixtures(database.db, [
    fixturePosting({ title: { "en-CA": "Night Nurse", "fr-CA": "Infirmière de nuit" } }),
  ]);
  await database.db.delete(outboxEmail);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scheduler-processes-"));
  // Vitest sets BASE_URL to Vite's "/", which the server would refuse.
  const { BASE_URL: _vite, ...environment } = process.env;
  const env = {
    ...environment,
    NODE_ENV: "production",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    BETTER_AUTH_SECRET: "scheduler-processes-test-secret-0123456789",
    SEED_ON_START: "false",
    SCHEDULES: "true",
    SCHEDULE_TIMEZONE: TIMEZONE,
    SWEEP_EVERY_MINUTES: "1",
    JOB_ALERTS_AT: torontoTime(2),
  };
  await Promise.all([startServer(env), startServer(env)]);
});

afterAll(async () => {
  for (const server of servers)
    if (server.process.exitCode === null) server.process.kill("SIGKILL");
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Each task's due occurrences (the minutes pg-boss forwarded to its queue, once whichever process
 * claimed them) and its runs queued by the schedule.
 */
async function scheduled() {
  const occurrences = await database.db.$client.query<{
    task: string;
    minute: string;
    forwarded: boolean;
  }>(
    `select data->>'name' as task, data->>'slot' as minute, state = 'completed' as forwarded
       from pgboss.job where name = '__pgboss__send-it'`,
  );
  const runs = (await taskHistory(database.db.$client, 1000)).filter((run) => !run.byHand);
  return TASKS.map((task) => ({
    task,
    minutes: occurrences.rows.filter((row) => row.task === task).map((row) => row.minute),
    forwarded: occurrences.rows.every((row) => row.task !== task || row.forwarded),
    runs: runs.filter((run) => run.task === task),
  }));
}

test("each due occurrence of each schedule runs once across two processes", {
  timeout: 420_000,
}, async () => {
  // Both processes run the scheduler, with schedules on.
  const instances = await database.db.$client.query<{ pid: number }>(
    "select pid from pgboss.instance where schedule",
  );
  expect(instances.rows.map((row) => row.pid).sort()).toEqual(
    servers.map((server) => server.process.pid).sort(),
  );

  // Wait until job alerts have run, and every sweep for three minutes, one of them after the job
  // alerts' minute: both processes had every chance to run each of those occurrences a second time.
  let tasks: Awaited<ReturnType<typeof scheduled>> = [];
  await expect
    .poll(
      async () => {
        tasks = await scheduled();
        const [alerts, ...sweeps] = tasks;
        const alertsMinute = alerts?.minutes[0];
        if (alertsMinute === undefined) return false;
        // Every occurrence handed to its queue, and every run over.
        const finished = tasks.every(
          (task) =>
            task.forwarded &&
            task.runs.every((run) => run.state === "completed" || run.state === "failed"),
        );
        return (
          finished &&
          sweeps.every(
            (sweep) =>
              sweep.minutes.length >= 3 && sweep.minutes.some((minute) => minute > alertsMinute),
          )
        );
      },
      { timeout: 360_000, interval: 5_000 },
    )
    .toBe(true);

  expect(tasks.map((task) => task.task)).toEqual(["job-alerts", ...SWEEPS]);
  expect(tasks[0]?.minutes).toHaveLength(1);
  for (const task of tasks) {
    // Each due minute forwarded once, and run once, successfully.
    expect(new Set(task.minutes).size).toBe(task.minutes.length);
    expect(task.runs.map((run) => run.state)).toEqual(task.minutes.map(() => "completed"));
  }

  const digests = await database.db.select().from(outboxEmail);
  expect(digests.map((mail) => [mail.to, mail.subject])).toEqual([
    ["sam@example.com", "1 new job for your alert"],
  ]);

  // And both stop cleanly, the scheduler with them.
  const exits = servers.map(
    (server) => new Promise<number | null>((resolve) => server.process.once("exit", resolve)),
  );
  for (const server of servers) server.process.kill("SIGTERM");
  expect(await Promise.all(exits)).toEqual([0, 0]);
});
