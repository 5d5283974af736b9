import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "./db/client.server.ts";
import { signInFailure } from "./db/schema/accounts.ts";
import { business, businessDailyStat } from "./db/schema/directory.ts";
import { job } from "./db/schema/jobs.ts";
import { attemptWindow } from "./db/schema/platform.ts";
import { cart } from "./db/schema/shop.ts";
import { createTestDatabase } from "./db/test-database.server.ts";
import { seedBusinesses } from "./directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./directory/test-fixtures.ts";
import { fixturePosting, insertFixtures } from "./jobs/test-fixtures.server.ts";
import { runTaskNow, startScheduler, type Task, taskHistory } from "./platform/scheduler.server.ts";
import { createLocalStorage } from "./platform/storage.server.ts";
import { scheduledTasks, type TaskSettings } from "./scheduled-tasks.server.ts";

let database: DatabaseHandle;
let tasks: Task[];

const SETTINGS: TaskSettings = {
  baseUrl: "http://localhost:3000",
  authSecret: "test-secret-test-secret-test-secret-1234",
  JOB_ALERTS_AT: "07:00",
  SWEEP_EVERY_MINUTES: 60,
  UNPAID_ORDER_HOURS: 48,
};

const task = (name: string) => {
  const found = tasks.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no task ${name}`);
  return found;
};

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  tasks = scheduledTasks(database.db, createLocalStorage("/nonexistent-uploads"), SETTINGS);
});

afterAll(async () => {
  await database.close();
});

describe("the schedules", () => {
  test("job alerts daily at JOB_ALERTS_AT, at-once alerts every minute, every sweep each SWEEP_EVERY_MINUTES", () => {
    expect(tasks.map(({ name, cron }) => [name, cron])).toEqual([
      ["job-alerts", "0 7 * * *"],
      ["job-alerts-instant", "* * * * *"],
      ["close-due-postings", "0 * * * *"],
      ["remind-undecided-interviews", "0 * * * *"],
      ["release-unpaid-orders", "0 * * * *"],
      ["sweep-carts", "0 * * * *"],
      ["sweep-avatars", "0 * * * *"],
      ["sweep-content-pictures", "0 * * * *"],
      ["prune-limits", "0 * * * *"],
      ["delete-unconsented-children", "0 * * * *"],
      ["sweep-stats", "0 * * * *"],
    ]);
    const other = scheduledTasks(database.db, createLocalStorage("/nonexistent-uploads"), {
      ...SETTINGS,
      JOB_ALERTS_AT: "18:05",
      SWEEP_EVERY_MINUTES: 15,
    });
    expect(other.map(({ cron }) => cron)).toEqual([
      "5 18 * * *",
      "* * * * *",
      ...Array.from({ length: 9 }, () => "*/15 * * * *"),
    ]);
  });
});

describe("the tasks", () => {
  test("prune-limits drops day-old rate windows and forgotten sign-in attempts, keeps the rest", async () => {
    await database.db.insert(attemptWindow).values([
      { key: "old-window", windowStartedAt: daysAgo(2), hits: 3 },
      { key: "current-window", windowStartedAt: new Date(), hits: 1 },
    ]);
    await database.db.insert(signInFailure).values([
      { key: "sign-in:old", failures: 7, lastFailedAt: daysAgo(2) },
      { key: "sign-in:recent", failures: 7, lastFailedAt: new Date() },
    ]);
    expect(await task("prune-limits").run()).toEqual({ windows: 1, signInFailures: 1 });
    expect((await database.db.select().from(attemptWindow)).map((row) => row.key)).toEqual([
      "current-window",
    ]);
    expect((await database.db.select().from(signInFailure)).map((row) => row.key)).toEqual([
      "sign-in:recent",
    ]);
  });

  test("sweep-carts drops visitors' carts untouched for 30 days", async () => {
    const [old, recent] = await database.db
      .insert(cart)
      .values([{ updatedAt: daysAgo(31) }, { updatedAt: daysAgo(29) }])
      .returning({ id: cart.id });
    expect(await task("sweep-carts").run()).toEqual({ removed: 1 });
    const left = (await database.db.select({ id: cart.id }).from(cart)).map((row) => row.id);
    expect(left).toContain(recent?.id);
    expect(left).not.toContain(old?.id);
  });
});

describe("the postings' closing dates", () => {
  test("close-due-postings closes a published posting whose date has come, not one still open", async () => {
    const [due, open] = await insertFixtures(database.db, [
      fixturePosting({ postedAt: daysAgo(10), closesAt: daysAgo(1) }),
      fixturePosting({ postedAt: daysAgo(10), closesAt: daysAgo(-1) }),
    ]);
    expect(await task("close-due-postings").run()).toEqual({ closed: 1 });
    const rows = await database.db
      .select({ id: job.id, status: job.status, isOpen: job.isOpen })
      .from(job)
      .orderBy(job.id);
    expect(rows).toEqual([
      { id: due, status: "closed", isOpen: false },
      { id: open, status: "published", isOpen: true },
    ]);
  });
});

describe("the listings' figures", () => {
  test("sweep-stats drops the days older than two years, keeps the rest", async () => {
    await seedBusinesses(database.db, [fixtureFile("restaurants", [fixtureBusiness()])]);
    const [place] = await database.db.select({ id: business.id }).from(business);
    const businessId = place?.id ?? 0;
    const day = (ago: number) => daysAgo(ago).toISOString().slice(0, 10);
    await database.db.insert(businessDailyStat).values([
      { businessId, day: day(2 * 365 + 3), pageViews: 4 },
      { businessId, day: day(2 * 365 - 3), pageViews: 5 },
    ]);
    expect(await task("sweep-stats").run()).toEqual({ removed: 1 });
    const left = await database.db.select().from(businessDailyStat);
    expect(left.map((row) => row.day)).toEqual([day(2 * 365 - 3)]);
  });
});

describe("a task run by hand", () => {
  test("goes through its queue and is in the history with its counts, or its error", async () => {
    const counted: Task = {
      name: "test-counted",
      cron: "0 0 * * *",
      run: async () => ({ done: 2 }),
    };
    const failing: Task = {
      name: "test-failing",
      cron: "0 0 * * *",
      run: async () => {
        throw new Error("the disk is full");
      },
    };
    expect(await runTaskNow(database.url, counted)).toMatchObject({
      task: "test-counted",
      state: "completed",
      outcome: '{"done":2}',
    });
    expect(await runTaskNow(database.url, failing)).toMatchObject({
      task: "test-failing",
      state: "failed",
      outcome: "the disk is full",
    });
    const history = await taskHistory(database.db.$client);
    expect(
      history.map(({ task, state, outcome, byHand }) => ({ task, state, outcome, byHand })),
    ).toEqual([
      { task: "test-failing", state: "failed", outcome: "the disk is full", byHand: true },
      { task: "test-counted", state: "completed", outcome: '{"done":2}', byHand: true },
    ]);
    expect(history[1]?.finishedAt).toBeInstanceOf(Date);
  });
});

describe("the scheduler", () => {
  const quiet = { name: "test-quiet", cron: "30 6 * * *", run: async () => ({}) };

  test("registers each task's schedule in its time zone, and none with schedules off", async () => {
    const boss = new PgBoss({ connectionString: database.url, schedule: false, supervise: false });
    await boss.start();
    try {
      const off = await startScheduler({
        databaseUrl: database.url,
        tasks: [quiet],
        timezone: "America/Toronto",
        schedules: false,
        log: () => {},
      });
      await off.stop();
      expect(await boss.getSchedules("test-quiet")).toEqual([]);

      const on = await startScheduler({
        databaseUrl: database.url,
        tasks: [quiet],
        timezone: "America/Toronto",
        schedules: true,
        log: () => {},
      });
      await on.stop();
      expect(await boss.getSchedules("test-quiet")).toMatchObject([
        { name: "test-quiet", cron: "30 6 * * *", timezone: "America/Toronto" },
      ]);
    } finally {
      await boss.stop();
    }
  });

  test("a run that fails is logged, counted and tried again a minute or more later", async () => {
    const lines: string[] = [];
    const outcomes: [string, boolean][] = [];
    const failing: Task = {
      name: "test-retried",
      cron: "0 0 * * *",
      run: async () => {
        throw new Error("the mail server is down");
      },
    };
    const scheduler = await startScheduler({
      databaseUrl: database.url,
      tasks: [failing],
      timezone: "America/Toronto",
      schedules: false,
      log: (line) => lines.push(line),
      onFinished: (task, completed) => outcomes.push([task, completed]),
    });
    // Queued as its schedule queues it: with the queue's retries.
    const boss = new PgBoss({ connectionString: database.url, schedule: false, supervise: false });
    await boss.start();
    try {
      const failedAt = Date.now();
      await boss.send("test-retried", null);
      await expect
        .poll(async () => (await boss.findJobs("test-retried"))[0]?.state, { timeout: 60_000 })
        .toBe("retry");
      const [job] = await boss.findJobs("test-retried");
      expect(job).toMatchObject({
        retryLimit: 4,
        retryBackoff: true,
        output: { message: "the mail server is down" },
      });
      expect(job?.startAfter.getTime()).toBeGreaterThanOrEqual(failedAt + 60_000);
      expect(lines).toEqual(["[scheduler] test-retried failed: the mail server is down"]);
      expect(outcomes).toEqual([["test-retried", false]]);
    } finally {
      await scheduler.stop();
      await boss.stop();
    }
  });
});
