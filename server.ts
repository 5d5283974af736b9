import cluster from "node:cluster";
import { createServer, type RequestListener, type Server } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createAuth } from "./app/auth/auth.server.ts";
import { listenForChanges } from "./app/db/changes.server.ts";
import { type DatabaseHandle, openDatabase } from "./app/db/client.server.ts";
import { DataDirectoryInUseError } from "./app/db/embedded.server.ts";
import { countBusinessViews, statCounter } from "./app/directory/stats.server.ts";
import { type Config, ConfigError, readConfig } from "./app/platform/config.server.ts";
import { drainOnStop } from "./app/platform/drain.server.ts";
import { createHost } from "./app/platform/host.server.ts";
import { collectWhenIdle } from "./app/platform/idle-collector.server.ts";
import { createLog, type Log, sendConsoleToLog } from "./app/platform/log.server.ts";
import { createMailWorker, logDelivery, smtpDelivery } from "./app/platform/mail-worker.server.ts";
import { createMetrics, type Metrics } from "./app/platform/metrics.server.ts";
import type { Operations } from "./app/platform/operations.server.ts";
import { startScheduler } from "./app/platform/scheduler.server.ts";
import {
  createLocalStorage,
  createS3Storage,
  type Storage,
} from "./app/platform/storage.server.ts";
import { scheduledTasks } from "./app/scheduled-tasks.server.ts";
import { seedIfEmpty } from "./app/seed.server.ts";
import { STAFF_QUEUE_CHANNEL } from "./app/staff/queue.server.ts";

/** How long without a request before the server hands memory back (idle-collector.server.ts). */
const IDLE_COLLECTION_MS = 10_000;
/** How long requests in flight at SIGTERM may take to finish before their connections are cut. */
const DRAIN_MS = 10_000;

/** This process's log and metrics. */
type Observe = { log: Log; metrics: Metrics };

/**
 * The first process opens the database (starting the embedded PostgreSQL when there is no
 * DATABASE_URL), applies the migrations, seeds, sends the e-mail and runs the scheduler. It serves the
 * requests itself, or, with WEB_CONCURRENCY above 1 in production, forks that many workers that
 * serve them on the same port (decision 0024).
 */
async function main() {
  const config = readConfig();
  // Everything the server and its libraries write goes through one JSON log (decision 0044).
  const log = createLog({ level: config.LOG_LEVEL, pretty: config.NODE_ENV === "development" });
  sendConsoleToLog(log);
  const observe = { log, metrics: createMetrics() };
  const { metrics } = observe;
  if (cluster.isWorker) return serveAsWorker(config, observe);

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    embeddedDataDir: path.join(config.dataDir, "postgres"),
    timeoutMs: config.DATABASE_TIMEOUT_MS,
    log: config.LOG_LEVEL === "debug" ? (line) => console.debug(`[postgres] ${line}`) : undefined,
    onStatementTimeout: metrics.statementTimedOut,
  });
  metrics.watchDatabase(database.db);
  const storage = openStorage(config);
  const mailWorker = createMailWorker({
    db: database.db,
    from: config.MAIL_FROM,
    postalAddress: config.MAIL_POSTAL_ADDRESS,
    storage,
    deliver: config.SMTP_URL
      ? smtpDelivery(config.SMTP_URL)
      : logDelivery(console.log, { showBody: config.NODE_ENV === "development" }),
    log: console.error,
  });
  let stopScheduler = async () => {};
  const closeDatabase = async () => {
    await stopScheduler();
    await mailWorker.stop();
    await database.close();
  };
  const workers = config.NODE_ENV === "production" ? config.WEB_CONCURRENCY : 1;
  let stopServing = async () => {};
  const shutDown = stopOnSignal(async () => {
    await stopServing();
    await closeDatabase();
  });

  if (config.SEED_ON_START) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) {
      console.log(
        `Loaded demo data: ${seeded.businesses} businesses, ${seeded.players} players, ${seeded.reviews} players' reviews, ${seeded.questions} quiz questions, ${seeded.posts} blog posts, ${seeded.products} products, ${seeded.plans} pricing plans, ${seeded.jobs} job postings.`,
      );
    }
  }

  // Not awaited: a slow mail server must not delay the site; the worker reports its own failures.
  void mailWorker.start();
  // Job alerts and the sweeps, once across every process and host (decision 0037).
  const scheduler = await startScheduler({
    databaseUrl: database.url,
    tasks: scheduledTasks(database.db, storage, config),
    timezone: config.SCHEDULE_TIMEZONE,
    schedules: config.SCHEDULES,
    log: console.error,
    onFinished: metrics.taskFinished,
  });
  stopScheduler = scheduler.stop;

  if (workers === 1) {
    const { server, stop } = await serve(config, database, storage, observe);
    announceWhenListening(server, config);
    stopServing = stop;
  } else {
    metrics.answerWorkers();
    stopServing = forkWorkers(
      workers,
      config,
      {
        DATABASE_URL: database.url,
        BETTER_AUTH_SECRET: config.authSecret,
        SEED_ON_START: "false",
      },
      () => shutDown(1),
    );
  }
}

/** The bucket every host shares when S3_BUCKET is set; this host's DATA_DIR/uploads otherwise. */
function openStorage(config: Config): Storage {
  return config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(path.join(config.dataDir, "uploads"));
}

/** A worker: its own pool on the first process's database, serving requests until told to stop. */
async function serveAsWorker(config: Config, observe: Observe) {
  const { metrics } = observe;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    embeddedDataDir: "",
    timeoutMs: config.DATABASE_TIMEOUT_MS,
    migrate: false,
    onStatementTimeout: metrics.statementTimedOut,
  });
  metrics.watchDatabase(database.db);
  const { stop } = await serve(config, database, openStorage(config), observe);
  stopOnSignal(async () => {
    await stop();
    await database.close();
  });
}

/**
 * Forks `count` workers with the extra environment `env`, replaces one that dies, and says the site
 * is ready once all of them listen; `failed` is called if one dies before that. Returns what stops
 * them all.
 */
function forkWorkers(
  count: number,
  config: Config,
  env: Record<string, string>,
  failed: () => void,
) {
  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork(env);
  cluster.on("listening", (_worker, address) => {
    listening += 1;
    if (listening === count) announce(address.port, config);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}).`);
    // One that could not start would fail again: give up rather than fork forever.
    if (listening < count) failed();
    else fork();
  });
  for (let i = 0; i < count; i += 1) fork();
  return async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
  };
}

/** The host for this process's requests, listening on PORT, and what stops it (draining). */
async function serve(
  config: Config,
  { db, url }: DatabaseHandle,
  storage: Storage,
  observe: Observe,
) {
  const server = createServer();
  // Its own connection to the database, on which it hears what may change the staff queue.
  const staffQueueChanges = listenForChanges(url, STAFF_QUEUE_CHANNEL, console.error);
  const drain = drainOnStop(server, DRAIN_MS);
  const views = statCounter(db);
  const operations: Operations = {
    ...observe,
    metricsToken: config.METRICS_TOKEN,
    isStopping: drain.isStopping,
  };
  const shared = {
    db,
    auth: createAuth({
      db,
      baseUrl: config.baseUrl,
      secret: config.authSecret,
      google: config.google,
      appealTo: config.MODERATION_REPLY_TO,
    }),
    baseUrl: config.baseUrl,
    storage,
    devOutbox: config.DEV_OUTBOX,
    quizDailyCap: config.QUIZ_DAILY_POINTS_CAP,
    moderationReplyTo: config.MODERATION_REPLY_TO,
    interacEmail: config.INTERAC_EMAIL,
    clientIpHeader: config.CLIENT_IP_HEADER,
    maxBodyBytes: config.MAX_BODY_BYTES,
    operations,
    // Business page views, counted in this process's memory and written once a second.
    beforePageCache: countBusinessViews(views),
    staffQueueChanges,
  };

  let listener: RequestListener;
  if (config.NODE_ENV === "production") {
    const buildPath = path.resolve("build/server/index.js");
    const build = (await import(buildPath)) as ServerBuild;
    const host = createHost({
      ...shared,
      build,
      mode: "production",
      clientDirectory: path.resolve("build/client"),
      pageCacheSeconds: config.PAGE_CACHE_SECONDS,
    });
    listener = getRequestListener(host.fetch);
  } else {
    const vite = await import("vite").then(({ createServer: createViteServer }) =>
      createViteServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    const host = createHost({
      ...shared,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: "development",
      pageCacheSeconds: 0,
    });
    const hostListener = getRequestListener(host.fetch);
    listener = (request, response) =>
      vite.middlewares(request, response, () => hostListener(request, response));
  }

  server.on("request", listener);
  collectWhenIdle(server, IDLE_COLLECTION_MS);
  server.listen(config.PORT, config.HOST);
  return {
    server,
    /**
     * /readyz answers 503 from now on; the server stops once the requests already sent are
     * answered, or after DRAIN_MS whatever is still running (drain.server.ts).
     */
    stop: async () => {
      await drain.stop();
      await views.stop();
      await staffQueueChanges.close();
    },
  };
}

function announceWhenListening(server: Server, config: Config) {
  server.once("listening", () => {
    const address = server.address();
    announce(typeof address === "object" && address ? address.port : config.PORT, config);
  });
}

function announce(port: number, config: Config) {
  const shown =
    config.HOST === "0.0.0.0" || config.HOST === "127.0.0.1" ? "localhost" : config.HOST;
  console.log(`Site ready at http://${shown}:${port}/`);
}

/**
 * Runs `stop` once on SIGINT or SIGTERM (Ctrl-C reaches every process of the group), then exits.
 * Returns the same shutdown, for a failure, with the exit code to end with.
 */
function stopOnSignal(stop: () => Promise<void>) {
  let stopping = false;
  const shutDown = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    // A second Ctrl-C then ends the process at once, should stopping hang.
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    stop().then(
      () => process.exit(exitCode),
      (error: unknown) => {
        console.error("Stopping failed:", error);
        process.exit(1);
      },
    );
  };
  const onSignal = () => shutDown(0);
  // The only ones: the embedded PostgreSQL package's exit hooks would stop PostgreSQL at the
  // signal, under the requests still being answered, and end the process with 143 once it is
  // down. `stop` closes it itself, after them.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return shutDown;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryInUseError) {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});
