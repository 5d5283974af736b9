import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from "prom-client";
import type { Database } from "../db/client.server.ts";
import { outboxEmail } from "../db/schema/index.ts";

/**
 * This process's figures in Prometheus's text format, for GET /metrics (decision 0044); with
 * workers, the host's, added up by the first process (`text`, `answerWorkers`). Labels are
 * route patterns, methods, status codes and task names only: never anything a visitor typed or
 * that names a player.
 */
export function createMetrics() {
  const registry = new Registry();
  if (cluster.isWorker) {
    // prom-client's own protocol: a worker answers the first process's request for its figures.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
  // Event-loop delay, memory (resident, heap), CPU, open handles, garbage collection.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's headers, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCacheHits = new Counter({
    name: "page_cache_hits_total",
    help: "Visitors' pages served from the page cache without rendering.",
    registers: [registry],
  });
  const statementTimeouts = new Counter({
    name: "db_statement_timeouts_total",
    help: "Database statements cut by DATABASE_TIMEOUT_MS.",
    registers: [registry],
  });
  const tasks = new Counter({
    name: "scheduled_tasks_total",
    help: "Scheduled task runs in this process, by task and outcome (completed or failed).",
    labelNames: ["task", "outcome"] as const,
    registers: [registry],
  });

  return {
    registry,
    /**
     * What /metrics answers: this process's figures, or in a worker (WEB_CONCURRENCY above 1)
     * the whole host's, which the first process adds up from every process.
     */
    text: () => (cluster.isWorker ? askFirstProcess() : registry.metrics()),
    /** In the first process with workers: answers their requests for the host's figures. */
    answerWorkers() {
      cluster.on("message", async (worker, message: { type?: string; id?: string }) => {
        if (message?.type !== HOST_REQUEST) return;
        const text = await hostText(registry).catch((error: Error) => `# ${error.message}\n`);
        if (worker.isConnected()) worker.send({ type: HOST_ANSWER, id: message.id, text });
      });
    },
    request(route: string, method: string, status: number, seconds: number) {
      requests.inc({ route, method, status: String(status) });
      duration.observe({ route, method }, seconds);
    },
    pageCacheHit: () => pageCacheHits.inc(),
    statementTimedOut: () => statementTimeouts.inc(),
    taskFinished: (task: string, completed: boolean) =>
      tasks.inc({ task, outcome: completed ? "completed" : "failed" }),
    /** The pool's connections, and the e-mail waiting to be sent, read at each scrape. */
    watchDatabase(db: Database) {
      const pools = [db.$client, db.$samePlan?.$client].filter((pool) => pool !== undefined);
      new Gauge({
        name: "db_pool_connections",
        help: "The database pools' connections: total, idle, and requests waiting for one.",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          const sum = (count: (pool: (typeof pools)[number]) => number) =>
            pools.reduce((total, pool) => total + count(pool), 0);
          this.set(
            { state: "total" },
            sum((pool) => pool.totalCount),
          );
          this.set(
            { state: "idle" },
            sum((pool) => pool.idleCount),
          );
          this.set(
            { state: "waiting" },
            sum((pool) => pool.waitingCount),
          );
        },
      });
      // Both figures from one statement a scrape, shared by the two gauges that show them.
      let waiting: Promise<{ count: number; oldest: number }> | undefined;
      const readOutbox = () => {
        waiting ??= db
          .select({
            count: sql<number>`count(*)::int`,
            oldest: sql<number>`coalesce(extract(epoch from now() - min(${outboxEmail.createdAt})), 0)::float8`,
          })
          .from(outboxEmail)
          .where(eq(outboxEmail.status, "pending"))
          .then(([row]) => row ?? { count: 0, oldest: 0 })
          .finally(() => {
            waiting = undefined;
          });
        return waiting;
      };
      new Gauge({
        name: "mail_waiting",
        help: "E-mail queued and not yet sent (the whole site's, from the database).",
        // Every process reads the same figure: added up across a host's processes, it would not be.
        aggregator: "max",
        registers: [registry],
        async collect() {
          this.set((await readOutbox()).count);
        },
      });
      new Gauge({
        name: "mail_oldest_waiting_seconds",
        help: "Age of the oldest e-mail waiting to be sent; 0 when none waits.",
        aggregator: "max",
        registers: [registry],
        async collect() {
          this.set((await readOutbox()).oldest);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const HOST_REQUEST = "nearby:metrics-request";
const HOST_ANSWER = "nearby:metrics-answer";
/** prom-client's messages between the first process and its workers (lib/cluster.js). */
const WORKER_REQUEST = "prom-client:getMetricsReq";
const WORKER_ANSWER = "prom-client:getMetricsRes";
/** The longest a process waits for another's figures before it answers without them. */
const ANSWER_TIMEOUT_MS = 5000;

type Figures = MetricObjectWithValues<MetricValue<string>>[];
let workerRequests = 0;

/** The first process's figures and every live worker's, added up as prom-client's cluster does. */
async function hostText(own: Registry): Promise<string> {
  const requestId = `host-${workerRequests++}`;
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
  const answers = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<Figures[]>((resolve) => {
          const done = (figures: Figures[]) => {
            clearTimeout(timer);
            worker?.off("message", onMessage);
            resolve(figures);
          };
          const onMessage = (message: {
            type?: string;
            requestId?: string;
            metrics?: Figures[];
          }) => {
            if (message?.type === WORKER_ANSWER && message.requestId === requestId)
              done(message.metrics ?? []);
          };
          // A worker that does not answer (stopping, busy for seconds) is left out of this scrape.
          const timer = setTimeout(() => done([]), ANSWER_TIMEOUT_MS);
          worker?.on("message", onMessage);
          worker?.send({ type: WORKER_REQUEST, requestId });
        }),
    ),
  );
  const figures = [...answers.flat(), (await own.getMetricsAsJSON()) as Figures];
  return AggregatorRegistry.aggregate(figures).metrics();
}

/** A worker's /metrics: the host's figures, from the first process. */
function askFirstProcess(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; id?: string; text?: string }) => {
      if (message?.type !== HOST_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      resolve(message.text ?? "");
    };
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("The first process did not send the host's metrics in time."));
    }, 2 * ANSWER_TIMEOUT_MS);
    process.on("message", onMessage);
    process.send?.({ type: HOST_REQUEST, id });
  });
}
