import { createServer } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createAuth } from "./app/auth/auth.server.ts";
import { openDatabase } from "./app/db/client.server.ts";
import { DataDirectoryInUseError } from "./app/db/embedded.server.ts";
import { ConfigError, readConfig } from "./app/platform/config.server.ts";
import { createHost } from "./app/platform/host.server.ts";
import { collectWhenIdle } from "./app/platform/idle-collector.server.ts";
import { createMailWorker, logDelivery, smtpDelivery } from "./app/platform/mail-worker.server.ts";
import { createLocalStorage } from "./app/platform/storage.server.ts";
import { sweepOrphanedAvatars } from "./app/players/account.server.ts";
import { seedIfEmpty } from "./app/seed.server.ts";
import { sweepVisitorCarts } from "./app/shop/cart.server.ts";

/** How long without a request before the server hands memory back (idle-collector.server.ts). */
const IDLE_COLLECTION_MS = 10_000;

async function main() {
  const config = readConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    embeddedDataDir: path.join(config.dataDir, "postgres"),
    timeoutMs: config.DATABASE_TIMEOUT_MS,
    log: config.LOG_LEVEL === "debug" ? (line) => console.debug(`[postgres] ${line}`) : undefined,
  });
  const storage = createLocalStorage(path.join(config.dataDir, "uploads"));
  const mailWorker = createMailWorker({
    db: database.db,
    from: config.MAIL_FROM,
    storage,
    deliver: config.SMTP_URL
      ? smtpDelivery(config.SMTP_URL)
      : logDelivery(console.log, { showBody: config.NODE_ENV === "development" }),
    log: console.error,
  });
  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await mailWorker.stop();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  if (config.SEED_ON_START) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) {
      console.log(
        `Loaded demo data: ${seeded.businesses} businesses, ${seeded.questions} quiz questions, ${seeded.posts} blog posts, ${seeded.products} products, ${seeded.plans} pricing plans, ${seeded.jobs} job postings.`,
      );
    }
  }

  // Not awaited: a slow mail server must not delay the site; the worker reports its own failures.
  void mailWorker.start();

  // Pictures left by an upload cut off between saving its file and recording it.
  const sweep = () =>
    sweepOrphanedAvatars(database.db, storage).then(
      (removed) => removed > 0 && console.log(`Removed ${removed} unused profile pictures.`),
      (error: unknown) => console.error("Sweeping unused profile pictures failed:", error),
    );
  // Visitors' carts left untouched for 30 days.
  const sweepCarts = () =>
    sweepVisitorCarts(database.db).then(
      (removed) => removed > 0 && console.log(`Removed ${removed} abandoned visitors' carts.`),
      (error: unknown) => console.error("Sweeping abandoned carts failed:", error),
    );
  void sweep();
  void sweepCarts();
  setInterval(sweep, 60 * 60 * 1000).unref();
  setInterval(sweepCarts, 60 * 60 * 1000).unref();

  const shared = {
    db: database.db,
    auth: createAuth({
      db: database.db,
      baseUrl: config.baseUrl,
      secret: config.authSecret,
      google: config.google,
    }),
    storage,
    mailDelivery: config.SMTP_URL ? ("smtp" as const) : ("log" as const),
    clientIpHeader: config.CLIENT_IP_HEADER,
    maxBodyBytes: config.MAX_BODY_BYTES,
  };

  let listener: Parameters<typeof createServer>[1];
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

  const server = createServer(listener);
  collectWhenIdle(server, IDLE_COLLECTION_MS);
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    const shown =
      config.HOST === "0.0.0.0" || config.HOST === "127.0.0.1" ? "localhost" : config.HOST;
    console.log(`Site ready at http://${shown}:${port}/`);
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryInUseError) {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});
