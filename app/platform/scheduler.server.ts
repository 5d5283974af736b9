import os from "node:os";
import type pg from "pg";
import { PgBoss } from "pg-boss";

/**
 * Work that is not a request (decision 0037): pg-boss keeps the tasks' schedules, their queued and
 * finished runs in PostgreSQL (schema `pgboss`), so any number of processes on any number of hosts
 * can run the scheduler and each occurrence of a schedule runs once, in one of them.
 */
export type Task = {
  /** Also the queue's name in pgboss: lower-case letters and dashes. */
  name: string;
  /** When it is due: a cron expression in the scheduler's time zone. */
  cron: string;
  /** Does the work once; what it returns (counts) is kept in the history. Throwing retries it. */
  run: () => Promise<Record<string, number>>;
  /** The longest one run may take before it counts as failed (and is retried). */
  timeoutSeconds?: number;
};

const SCHEMA = "pgboss";

/**
 * A failed run is tried again after 1–2, 2–4, 4–8, then 8–16 minutes (pg-boss's back-off with
 * jitter, capped at an hour), then left failed in the history: the next occurrence starts afresh.
 */
const RETRIES = { retryLimit: 4, retryDelay: 60, retryBackoff: true, retryDelayMax: 60 * 60 };

/** How long finished runs stay in the history. */
const HISTORY_DAYS = 30;

/** pg-boss's own pool: its polling and bookkeeping never wait behind the site's requests. */
const CONNECTIONS = 3;

function openBoss(databaseUrl: string, schedules: boolean, log: (line: string) => void) {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: SCHEMA,
    max: CONNECTIONS,
    application_name: "nearby-scheduler",
    instanceName: `${os.hostname()}:${process.pid}`,
    // Off, this process never sends a schedule's jobs; it still runs those another one sent.
    schedule: schedules,
  });
  // Its polling and maintenance report failures here; they are retried on the next tick.
  boss.on("error", (error: Error) => log(`[scheduler] ${error.message}`));
  return boss;
}

/** Creates the task's queue, or brings an existing one's retries and retention up to date. */
async function prepareQueue(boss: PgBoss, task: Task) {
  const options = {
    ...RETRIES,
    expireInSeconds: task.timeoutSeconds ?? 15 * 60,
    deleteAfterSeconds: HISTORY_DAYS * 24 * 60 * 60,
  };
  await boss.createQueue(task.name, options);
  await boss.updateQueue(task.name, options);
}

/**
 * Runs the task for a job and says why it failed in the log (the history keeps it too);
 * `finished` hears of each outcome (the server's metrics count them).
 */
function handler(
  task: Task,
  log: (line: string) => void,
  finished?: (task: string, completed: boolean) => void,
) {
  return async () => {
    try {
      const counts = await task.run();
      finished?.(task.name, true);
      return counts;
    } catch (error) {
      log(`[scheduler] ${task.name} failed: ${(error as Error).message}`);
      finished?.(task.name, false);
      throw error;
    }
  };
}

export type SchedulerOptions = {
  databaseUrl: string;
  tasks: Task[];
  /** The time zone the tasks' cron expressions are read in. */
  timezone: string;
  /** False: run tasks that are queued, never queue the scheduled ones (tests). */
  schedules: boolean;
  log: (line: string) => void;
  /** Hears of each run's outcome in this process. */
  onFinished?: (task: string, completed: boolean) => void;
};

/**
 * Starts running the tasks in this process, and with `schedules`, queueing each on its schedule.
 * Every process that starts it takes part: one claims each cron pass, which hands each due minute
 * of each schedule to its queue once (a singleton key per minute), and the first process to fetch
 * the job runs it. An occurrence missed while no process ran is run once when one starts. Returns
 * what stops it, letting a running task finish.
 */
export async function startScheduler(options: SchedulerOptions) {
  const { tasks, log } = options;
  const boss = openBoss(options.databaseUrl, options.schedules, log);
  await boss.start();
  for (const task of tasks) {
    await prepareQueue(boss, task);
    await boss.work(
      task.name,
      { pollingIntervalSeconds: 10 },
      handler(task, log, options.onFinished),
    );
    if (options.schedules) {
      await boss.schedule(task.name, task.cron, null, { tz: options.timezone, missed: "once" });
    }
  }
  return { stop: () => boss.stop({ graceful: true, timeout: 30_000 }) };
}

/**
 * Runs `task` now, through its queue like a scheduled run (so it is in the history, with the same
 * timeout), and waits for its outcome; no retries, whoever asked sees the failure. A running
 * server may be the one that takes it.
 */
export async function runTaskNow(
  databaseUrl: string,
  task: Task,
  log: (line: string) => void = console.error,
): Promise<TaskRun> {
  const boss = openBoss(databaseUrl, false, log);
  try {
    await boss.start();
    await prepareQueue(boss, task);
    const id = await boss.send(task.name, BY_HAND, { retryLimit: 0 });
    if (!id) throw new Error(`${task.name} could not be queued`);
    await boss.work(
      task.name,
      { pollingIntervalSeconds: 1 },
      handler(task, () => {}),
    );
    for (;;) {
      const [job] = await boss.findJobs(task.name, { id });
      if (job && (job.state === "completed" || job.state === "failed")) {
        return toRun({ ...job, byHand: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await boss.stop({ graceful: true, timeout: 30_000 });
  }
}

/** What a job queued by hand carries, where a scheduled one carries nothing. */
const BY_HAND = { byHand: true };

/** One run of a task, as the history shows it. */
export type TaskRun = {
  task: string;
  state: string;
  /** Asked for by `runTaskNow` rather than queued by its schedule. */
  byHand: boolean;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The counts the task returned, or the error it failed with. */
  outcome: string;
};

function toRun(job: {
  name: string;
  state: string;
  byHand: boolean;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  output: unknown;
}): TaskRun {
  const { output } = job;
  const error = output && typeof output === "object" && "message" in output ? output : undefined;
  return {
    task: job.name,
    state: job.state,
    byHand: job.byHand,
    queuedAt: job.createdOn,
    startedAt: job.startedOn,
    finishedAt: job.completedOn,
    outcome: error ? String(error.message) : output ? JSON.stringify(output) : "",
  };
}

/**
 * The tasks' latest runs, newest first: what `npm run jobs:history` prints. Read from pg-boss's job
 * table, where finished runs stay for HISTORY_DAYS (its own jobs, `__pgboss__…`, left out: those
 * forward each due occurrence of a schedule to its task's queue).
 */
export async function taskHistory(pool: pg.Pool, limit = 30): Promise<TaskRun[]> {
  const { rows } = await pool.query<Parameters<typeof toRun>[0]>(
    `select name, state, coalesce((data->>'byHand')::boolean, false) as "byHand",
            created_on as "createdOn", started_on as "startedOn",
            completed_on as "completedOn", output
       from ${SCHEMA}.job
      where name not like '\\_\\_pgboss\\_\\_%'
      order by created_on desc
      limit $1`,
    [limit],
  );
  return rows.map(toRun);
}
