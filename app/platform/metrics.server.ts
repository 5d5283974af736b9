import { eq, sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.server.ts";
import { outboxEmail } from "../db/schema/index.ts";

/**
 * This process's figures in Prometheus's text format, for GET /metrics (decision 0044). Labels are
 * route patterns, methods, status codes and task names only: never anything a visitor typed or
 * that names a player.
 */
export function createMetrics() {
  const registry = new Registry();
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
        registers: [registry],
        async collect() {
          this.set((await readOutbox()).count);
        },
      });
      new Gauge({
        name: "mail_oldest_waiting_seconds",
        help: "Age of the oldest e-mail waiting to be sent; 0 when none waits.",
        registers: [registry],
        async collect() {
          this.set((await readOutbox()).oldest);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
