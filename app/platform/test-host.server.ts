import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { MiddlewareHandler } from "hono";
import type { ServerBuild } from "react-router";
import { createAuth } from "../auth/auth.server.ts";
import type { ChangeFeed } from "../db/changes.server.ts";
import type { Database } from "../db/client.server.ts";
import {
  DEFAULT_DAILY_POINTS_CAP,
  DEFAULT_INTERAC_EMAIL,
  DEFAULT_MODERATION_REPLY_TO,
} from "./config.server.ts";
import { createHost } from "./host.server.ts";
import type { Operations } from "./operations.server.ts";
import { createLocalStorage, type Storage } from "./storage.server.ts";

const BUILD = path.resolve("build/server/index.js");

/**
 * The production host around the built app, answering `Request`s without opening a port. Needs
 * `npm run build` first (`npm test` builds before it runs the tests).
 */
export const TEST_BASE_URL = "http://localhost";
/** The secret the test host signs its session cookies with. */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-1234";

export async function createTestHost(
  db: Database,
  options: {
    maxBodyBytes?: number;
    clientIpHeader?: string;
    /** Whether /dev/outbox opens, as with DEV_OUTBOX=true (the default: it does not). */
    devOutbox?: boolean;
    /** The site's address (BASE_URL); TEST_BASE_URL by default. */
    baseUrl?: string;
    google?: { clientId: string; clientSecret: string; discoveryUrl: string };
    /** A storage the test can look into; a new temporary folder otherwise. */
    storage?: Storage;
    /** Visitors' pages kept this long (0, the default: every request is rendered). */
    pageCacheSeconds?: number;
    /** Request logs, metrics and readiness; none by default. */
    operations?: Operations;
    /** What sees every request before the page cache (HostOptions); nothing by default. */
    beforePageCache?: MiddlewareHandler;
    /** A change to the built app before the host serves it (the build as built by default). */
    adaptBuild?: (build: ServerBuild) => ServerBuild;
    /** The staff queue's change signal (none by default: the queue is read on every request). */
    staffQueueChanges?: ChangeFeed;
  } = {},
) {
  if (!fs.existsSync(BUILD)) throw new Error(`${BUILD} is missing: run "npm run build" first.`);
  const built = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
  const build = options.adaptBuild ? options.adaptBuild(built) : built;
  const baseUrl = options.baseUrl ?? TEST_BASE_URL;
  const auth = createAuth({
    db,
    baseUrl,
    secret: TEST_AUTH_SECRET,
    google: options.google,
  });
  const host = createHost({
    db,
    auth,
    baseUrl,
    storage:
      options.storage ?? createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "uploads-"))),
    clientIpHeader: options.clientIpHeader,
    devOutbox: options.devOutbox ?? false,
    quizDailyCap: DEFAULT_DAILY_POINTS_CAP,
    moderationReplyTo: DEFAULT_MODERATION_REPLY_TO,
    interacEmail: DEFAULT_INTERAC_EMAIL,
    build,
    mode: "production",
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    clientDirectory: path.resolve("build/client"),
    pageCacheSeconds: options.pageCacheSeconds ?? 0,
    operations: options.operations,
    beforePageCache: options.beforePageCache,
    staffQueueChanges: options.staffQueueChanges,
  });
  // Node's server hands the host the connection as `incoming`; only its address is read.
  return (pathname: string, init?: RequestInit, remoteAddress?: string) =>
    host.request(
      ...requestArguments(`http://localhost${pathname}`, init),
      remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined,
    );
}

/**
 * fetch's Request refuses to be a TRACE; Node's server hands the host one anyway (@hono/node-server
 * makes it a GET whose `method` says TRACE), and so does the test host.
 */
function requestArguments(url: string, init?: RequestInit): [string | Request, RequestInit?] {
  if (init?.method?.toUpperCase() !== "TRACE") return [url, init];
  const request = new Request(url, { ...init, method: "GET" });
  Object.defineProperty(request, "method", { get: () => "TRACE" });
  return [request];
}
