import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import pg from "pg";
import { type Database, migrationsApplied } from "../db/client.server.ts";
import { type Log, requestScope } from "./log.server.ts";
import type { Metrics } from "./metrics.server.ts";

/** What the host needs to log requests, count them and say whether it is ready (decision 0044). */
export type Operations = {
  log: Log;
  metrics?: Metrics;
  /** The bearer token /metrics answers to; without one, /metrics does not exist (404). */
  metricsToken?: string;
  /** True once the server was told to stop: /readyz then answers 503 at once. */
  isStopping: () => boolean;
};

/** How long /readyz waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 1000;

type Readiness = "ready" | "stopping" | "database_unavailable" | "migrations_pending";

/**
 * One connection of its own for /readyz, so that a pool busy with requests does not make the
 * host look down to the load balancer: only a database that does not answer does. Closed when
 * idle; it never keeps the process alive.
 */
function readinessPool(db: Database): pg.Pool {
  const pool = new pg.Pool({
    connectionString: db.$client.options.connectionString,
    max: 1,
    connectionTimeoutMillis: READY_TIMEOUT_MS,
    statement_timeout: READY_TIMEOUT_MS,
    allowExitOnIdle: true,
  });
  // A connection the server closes (a restart, a dropped database) is opened again when needed.
  pool.on("error", () => {});
  return pool;
}

async function readiness(pool: pg.Pool, isStopping: () => boolean): Promise<Readiness> {
  if (isStopping()) return "stopping";
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), READY_TIMEOUT_MS);
  });
  try {
    const migrated = await Promise.race([migrationsApplied(pool), late]);
    if (migrated === "late") return "database_unavailable";
    return migrated ? "ready" : "migrations_pending";
  } catch {
    return "database_unavailable";
  } finally {
    clearTimeout(timer);
  }
}

/** Same length whatever was sent, so comparing cannot tell how much of the token was right. */
const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /healthz (the process answers; no database), GET /readyz (the database answers within a
 * second, every migration is applied, the server is not stopping) and GET /metrics (Prometheus's
 * text, with the bearer token only; otherwise the site's 404). Registered before everything else:
 * a load balancer's probes are neither logged nor counted.
 */
export function operationsRoutes<E extends Env>(
  app: Hono<E>,
  db: Database,
  operations: Operations | undefined,
): void {
  const noStore = { "Cache-Control": "no-store" };
  let pool: pg.Pool | undefined;
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, noStore));
  app.get("/readyz", async (c) => {
    pool ??= readinessPool(db);
    const status = await readiness(pool, operations?.isStopping ?? (() => false));
    return c.json({ status }, status === "ready" ? 200 : 503, noStore);
  });
  app.get("/metrics", async (c, next) => {
    const { metrics, metricsToken } = operations ?? {};
    const sent = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (!metrics || !metricsToken || !sent || !timingSafeEqual(digest(sent), digest(metricsToken)))
      return next();
    return c.body(await metrics.text(), 200, {
      "Content-Type": metrics.registry.contentType,
      ...noStore,
    });
  });
}

/** A request id from the load balancer is kept when it looks like one; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * One log line per request once it is answered, and its figures in the metrics: time, request id
 * (also sent back as X-Request-Id), method, route pattern, status, duration and bytes. The route is
 * the pattern (`/businesses/:id`), never the path, and the query string is never read: both may
 * hold what a visitor typed or a player's handle.
 */
export function observeRequests(
  operations: Operations,
  routeOf: (c: Context) => Promise<string>,
): MiddlewareHandler {
  const { log, metrics } = operations;
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req.header("x-request-id");
    const requestId = sent && REQUEST_ID.test(sent) ? sent : randomUUID();
    await requestScope.run({ requestId }, async () => {
      await next();
      c.res.headers.set("X-Request-Id", requestId);
      const durationMs = performance.now() - started;
      const route = await routeOf(c);
      const { status } = c.res;
      const length = c.res.headers.get("content-length");
      metrics?.request(route, c.req.method, status, durationMs / 1000);
      log.info(
        {
          method: c.req.method,
          route,
          status,
          durationMs: Math.round(durationMs * 10) / 10,
          bytes: length === null ? null : Number(length),
        },
        "request",
      );
    });
  };
}
