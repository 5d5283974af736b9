import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import {
  createRequestHandler,
  type RequestHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import {
  AUTH_INPUT_ERROR,
  AUTH_SIGN_IN_WAIT,
  AUTH_SUSPENDED,
  type Auth,
  hasSessionCookie,
} from "../auth/auth.server.ts";
import type { ChangeFeed } from "../db/changes.server.ts";
import type { Database } from "../db/client.server.ts";
import type { MessageKey } from "../i18n/i18n.ts";
import { localeFromRequest } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { playerPageOf } from "../ui/player-page.ts";
import { codeForStatus, errorResponse } from "./api.ts";
import {
  acceptsGzip,
  COMPRESSIBLE_TYPE,
  compressAnswer,
  MIN_COMPRESSED_BYTES,
  preferredEncoding,
} from "./compression.server.ts";
import { CLIENT_IP_HEADER } from "./config.server.ts";
import type {
  authContext,
  baseUrlContext,
  databaseContext,
  devOutboxContext,
  interacEmailContext,
  moderationReplyToContext,
  nothingForSaleContext,
  pageCacheContext,
  pageWithoutScriptsContext,
  quizDailyCapContext,
  staffQueueChangesContext,
  storageContext,
} from "./context.ts";
import { AppError, isAppError } from "./errors.ts";
import { mediaTypeOf } from "./input.server.ts";
import { keptTemplates } from "./kept-templates.server.ts";
import { matchRoute, methodRefusal, routePattern } from "./methods.server.ts";
import { type Operations, observeRequests, operationsRoutes } from "./operations.server.ts";
import { type PageCache, visitorPageCache } from "./page-cache.server.ts";
import type { withAppErrorAnswers } from "./route-errors.server.ts";
import { allowPageScripts, inlineScriptHashes } from "./script-hashes.server.ts";
import { scriptlessSection } from "./scriptless-section.server.ts";
import { loadStaticFiles, staticAnswer } from "./static-files.server.ts";
import { PUBLIC_FOLDERS, type Storage } from "./storage.server.ts";

export type HostOptions = {
  db: Database;
  auth: Auth;
  /** The address visitors use (the config's baseUrl, which Better Auth was also given). */
  baseUrl: string;
  storage: Storage;
  /** Whether /dev/outbox may open (DEV_OUTBOX, set by `npm start`). */
  devOutbox: boolean;
  /** Points a player can earn by finishing quiz sets in a day. */
  quizDailyCap: number;
  /** Where players write to appeal a moderation decision (MODERATION_REPLY_TO). */
  moderationReplyTo: string;
  /** Where buyers send their Interac e-Transfers (INTERAC_EMAIL). */
  interacEmail: string;
  /** A header a trusted proxy sets with the visitor's address; without it, the connection's address. */
  clientIpHeader?: string;
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production" | "test";
  maxBodyBytes: number;
  /** Built browser files to serve; absent in development, where Vite serves them. */
  clientDirectory?: string;
  /** How long visitors' pages are kept and served again without rendering; 0 keeps none. */
  pageCacheSeconds: number;
  /** Request logs, metrics and readiness (operations.server.ts); absent: nothing is logged. */
  operations?: Operations;
  /**
   * What must see every request, those the visitors' page cache answers too (the directory counts
   * its pages' views there); handed in by server.ts, which may import the areas.
   */
  beforePageCache?: MiddlewareHandler;
  /** This process's signal that the staff queue may have changed (app/db/changes.server.ts). */
  staffQueueChanges?: ChangeFeed;
};

type HostEnv = {
  Variables: {
    staticFile?: boolean;
    /** The route pattern of an answer the host makes itself, outside React Router. */
    route?: string;
    /** The inline scripts' hashes of a page compressed in advance (allowPageScripts). */
    scriptHashes?: string[];
  };
};

/**
 * Puts the visitor's address in CLIENT_IP_HEADER for rate limits and sessions: from the trusted
 * proxy's header when one is configured, else from the connection. Whatever the client sent under
 * that name is replaced, so nobody can choose their own address.
 */
function clientAddress(trustedHeader?: string): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    const address = trustedHeader
      ? headers.get(trustedHeader)?.split(",").at(-1)?.trim()
      : socketAddress(c);
    headers.delete(CLIENT_IP_HEADER);
    if (address) headers.set(CLIENT_IP_HEADER, address);
    await next();
  };
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // No socket: a request made in-process (tests).
  }
}

/**
 * Refuses a request that changes something when a browser says it comes from another site
 * (an Origin other than BASE_URL's, or Sec-Fetch-Site: cross-site): forms and API calls cannot be
 * forged from elsewhere with the visitor's cookies. The whole origin counts, scheme and port too:
 * http://site is not https://site.
 */
function sameSiteWrites(siteOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS")
      return next();
    const origin = c.req.header("origin");
    const crossSite = origin
      ? origin !== siteOrigin
      : c.req.header("sec-fetch-site") === "cross-site";
    if (crossSite) return errorResponse(new AppError("cross_site"), localeFromRequest(c.req.raw));
    return next();
  };
}

/**
 * A response to a signed-in player (or one that signs someone in or out) is theirs alone: no shared
 * cache or browser history may keep it. Visitors' pages keep whatever caching they had.
 */
function privateWhenSignedIn(): MiddlewareHandler<HostEnv> {
  return async (c, next) => {
    await next();
    if (c.get("staticFile") || c.req.path.startsWith("/uploads/")) return;
    const signedIn = hasSessionCookie(c.req.raw.headers);
    if (signedIn || c.res.headers.has("set-cookie")) {
      c.res.headers.set("Cache-Control", "private, no-store");
    }
    c.res.headers.append("Vary", "Cookie");
  };
}

/**
 * Every error under /api in the one JSON shape, in the request's language: Better Auth's own
 * `{ code, message }` answers, its bare 404s, and anything else that arrives without it.
 */
function apiErrorShape(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { status } = c.res;
    if (status < 400) return;
    const json = c.res.headers.get("content-type")?.includes("json");
    const body = json
      ? await c.res
          .clone()
          .json()
          .catch(() => null)
      : null;
    if (body && typeof body === "object" && "error" in body) return;
    const authCode = typeof body?.code === "string" ? body.code : undefined;
    const inputProblem =
      authCode === AUTH_INPUT_ERROR
        ? // Our own hook's refusal: its message is one of our message keys.
          [{ field: String(body?.field ?? ""), message: String(body?.message) as MessageKey }]
        : undefined;
    const retryAfter = retryAfterOf(c.res.headers);
    const error = new AppError(codeForStatus(status), {
      message: authCode ? AUTH_MESSAGES[authCode] : undefined,
      problems: inputProblem,
      allow: c.res.headers.get("allow") ?? undefined,
      retryAfter,
      values:
        retryAfter !== undefined
          ? { minutes: Math.ceil(retryAfter / 60) }
          : authCode === AUTH_SUSPENDED
            ? { address: String(body?.appealTo) }
            : undefined,
    });
    const answer = errorResponse(error, localeFromRequest(c.req.raw));
    for (const cookie of c.res.headers.getSetCookie()) answer.headers.append("Set-Cookie", cookie);
    // Hono copies the old answer's headers onto a new one; clearing it first keeps only ours.
    c.res = undefined;
    c.res = answer;
  };
}

/** Better Auth's codes that deserve a more precise message than their status's. */
const AUTH_MESSAGES: Partial<Record<string, MessageKey>> = {
  INVALID_EMAIL_OR_PASSWORD: "auth.problems.loginMismatch",
  INVALID_EMAIL: "auth.problems.emailInvalid",
  PASSWORD_TOO_SHORT: "auth.problems.passwordShort",
  PASSWORD_TOO_LONG: "auth.problems.passwordLong",
  INVALID_TOKEN: "auth.problems.linkInvalid",
  TOKEN_EXPIRED: "auth.problems.linkInvalid",
  EMAIL_NOT_VERIFIED: "auth.problems.emailNotVerified",
  [AUTH_SIGN_IN_WAIT]: "auth.problems.tooManyWait",
  [AUTH_SUSPENDED]: "auth.problems.suspended",
};

/** Seconds to wait, from Retry-After or Better Auth's X-Retry-After. */
function retryAfterOf(headers: Headers): number | undefined {
  const value = Number(headers.get("retry-after") ?? headers.get("x-retry-after") ?? Number.NaN);
  return Number.isFinite(value) ? value : undefined;
}

/** A response that ends the session: it deletes the session cookie. */
const SESSION_COOKIE_DELETED = /^(?:__Secure-)?better-auth\.session_token=;.*\bMax-Age=0\b/i;

/**
 * The first step of a two-factor sign-in: Better Auth deletes the session cookie too, but sets the
 * cookie the code's step needs, which clearing the site's cookies would take away.
 */
const TWO_FACTOR_STEP = /^(?:__Secure-)?better-auth\.two_factor=[^;]/i;

/**
 * Signing out (or deleting the account) also tells the browser to drop whatever else the site
 * kept on it, whichever route did it: the form, the JSON API or Better Auth's own endpoint.
 */
function clearSiteDataOnSignOut(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const cookies = c.res.headers.getSetCookie();
    if (
      cookies.some((cookie) => SESSION_COOKIE_DELETED.test(cookie)) &&
      !cookies.some((cookie) => TWO_FACTOR_STEP.test(cookie))
    )
      c.res.headers.set("Clear-Site-Data", '"cookies", "storage"');
  };
}

/**
 * Behind HTTPS (BASE_URL https, whatever the proxy in front says to this server): every cookie is
 * Secure, Better Auth's and the app's alike, and browsers are told to come back over HTTPS only.
 * Over plain HTTP, HSTS means nothing and is not sent.
 */
function httpsOnly(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const cookies = c.res.headers.getSetCookie();
    if (cookies.some((cookie) => !/;\s*Secure\b/i.test(cookie))) {
      c.res.headers.delete("Set-Cookie");
      for (const cookie of cookies)
        c.res.headers.append(
          "Set-Cookie",
          /;\s*Secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`,
        );
    }
    c.res.headers.set("Strict-Transport-Security", `max-age=${YEAR_IN_SECONDS}`);
  };
}

/**
 * Compresses every answer made per request (pages, JSON, route data) in one call once it is
 * complete, brotli or gzip as the client prefers; static files arrive precompressed and are left
 * alone. Nothing on this site streams on purpose (no Suspense, no deferred data), so the page is
 * complete as soon as its shell is; compressing it in one call on the thread pool costs a fraction
 * of pushing React's many small chunks through a compression stream one by one.
 */
function compressAnswers(): MiddlewareHandler<HostEnv> {
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (
      c.get("staticFile") ||
      !answer.body ||
      c.req.method === "HEAD" ||
      answer.status === 204 ||
      answer.status === 206 ||
      answer.headers.has("content-encoding") ||
      !COMPRESSIBLE_TYPE.test(answer.headers.get("content-type") ?? "") ||
      /\bno-transform\b/.test(answer.headers.get("cache-control") ?? "")
    )
      return;
    const headers = new Headers(answer.headers);
    if (!/\baccept-encoding\b/i.test(headers.get("vary") ?? ""))
      headers.append("Vary", "Accept-Encoding");
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    let body: Uint8Array<ArrayBufferLike> = new Uint8Array(await answer.arrayBuffer());
    if (encoding && body.length >= MIN_COMPRESSED_BYTES) {
      body = await compressAnswer(body, encoding);
      headers.set("Content-Encoding", encoding);
    }
    headers.set("Content-Length", String(body.length));
    // Hono copies the old answer's headers onto a new one; clearing it first keeps only ours.
    c.res = undefined;
    c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: answer.status, headers });
  };
}

/** The context keys app/entry.server.tsx exports from the build. */
type RequestContexts = {
  databaseContext: typeof databaseContext;
  authContext: typeof authContext;
  baseUrlContext: typeof baseUrlContext;
  storageContext: typeof storageContext;
  devOutboxContext: typeof devOutboxContext;
  pageCacheContext: typeof pageCacheContext;
  nothingForSaleContext: typeof nothingForSaleContext;
  pageWithoutScriptsContext: typeof pageWithoutScriptsContext;
  quizDailyCapContext: typeof quizDailyCapContext;
  moderationReplyToContext: typeof moderationReplyToContext;
  interacEmailContext: typeof interacEmailContext;
  staffQueueChangesContext: typeof staffQueueChangesContext;
};

/** What app/entry.server.tsx exports for players' pages (app/player-page.server.tsx). */
type PlayerPageExports = {
  pageTemplate(html: string): unknown;
  playerPage(
    request: Request,
    context: RouterContextProvider,
    routeId: string,
    keptPage: (forSale: boolean) => Promise<KeptTemplate | undefined>,
  ): Promise<{
    html: Uint8Array<ArrayBuffer>;
    gzip: Uint8Array<ArrayBuffer>;
    headers: Headers;
    scriptHashes: string[];
  } | null>;
};

type KeptTemplate = { template: unknown; headers: [string, string][]; scriptHashes: string[] };

/**
 * The same request as a visitor's: no session, no cart, nothing to sign in with. Not the player's
 * signal: the page may be kept for others who wait for it.
 */
function visitorRequest(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  headers.delete("authorization");
  return new Request(request.url, { headers });
}

/** A visitor's page players' pages can be made from: found, a page, the same for everyone. */
function keptForPlayers(answer: Response): boolean {
  return (
    answer.status === 200 &&
    /^text\/html\b/i.test(answer.headers.get("content-type") ?? "") &&
    !answer.headers.has("set-cookie")
  );
}

/**
 * The build's routes, each loader and action answering an AppError with its status. The build's
 * own copy of the wrapper does it: an AppError thrown in the build is an instance of the build's
 * AppError class, not of this module's.
 */
function answeringAppErrors(build: ServerBuild): ServerBuild {
  const exports = build.entry.module as unknown as {
    withAppErrorAnswers: typeof withAppErrorAnswers;
  };
  return exports.withAppErrorAnswers(build);
}

const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** Visitors' pages kept at once: about 20 KB each, compressed. */
const PAGE_CACHE_ENTRIES = 500;

/** Visitors' pages kept uncut for players at once: about 130 KB each (the page, its cards' buttons). */
const PLAYER_PAGE_ENTRIES = 100;

/**
 * The site's HTTP host: security headers, compression, body limit and static files; the JSON API's
 * resource routes are called directly, the pages that send no scripts go to React Router's handler
 * over their own routes, and every other request (pages, their data) to React Router's handler
 * over the whole build.
 */
export function createHost(options: HostOptions) {
  const development = options.mode === "development";
  const siteUrl = new URL(options.baseUrl);
  const app = new Hono<HostEnv>();
  const loadBuild =
    typeof options.build === "function" ? options.build : async () => options.build as ServerBuild;

  const { operations } = options;
  operationsRoutes(app, options.db, operations);
  if (operations)
    app.use(
      observeRequests(operations, async (c) => {
        if (c.get("staticFile")) return "static";
        return c.get("route") ?? routePattern(await loadBuild(), c.req.path);
      }),
    );
  const pageCache =
    options.pageCacheSeconds > 0
      ? visitorPageCache({
          ttlMs: options.pageCacheSeconds * 1000,
          maxEntries: PAGE_CACHE_ENTRIES,
          onHit: operations?.metrics?.pageCacheHit,
        })
      : undefined;
  const templates = keptTemplates<KeptTemplate>({
    ttlMs: options.pageCacheSeconds * 1000,
    maxEntries: PLAYER_PAGE_ENTRIES,
  });
  // What a staff or owner edit clears: visitors' pages, and the ones players' pages are made from.
  const keptPages: PageCache = {
    clear() {
      pageCache?.clear();
      templates.clear();
    },
  };
  if (options.beforePageCache) app.use(options.beforePageCache);
  if (pageCache) app.use(pageCache);
  app.use(compressAnswers());
  if (!development) app.use(allowPageScripts());
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Vite's development client needs inline and eval'd scripts and a WebSocket.
        // In production each page adds the hashes of its own inline scripts (allowPageScripts).
        scriptSrc: development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for the preview of a picture chosen on the profile, before it is sent.
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: development ? ["'self'", "ws:"] : ["'self'"],
        frameSrc: ["https://www.openstreetmap.org"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
  );
  if (siteUrl.protocol === "https:") app.use(httpsOnly());
  app.use(clientAddress(options.clientIpHeader));
  app.use(sameSiteWrites(siteUrl.origin));
  app.use(
    bodyLimit({
      maxSize: options.maxBodyBytes,
      onError: (c) =>
        errorResponse(new AppError("payload_too_large"), localeFromRequest(c.req.raw)),
    }),
  );

  if (options.clientDirectory) {
    // With the brotli and gzip copies `npm run build` writes beside each (scripts/precompress.ts).
    const files = loadStaticFiles(options.clientDirectory, (urlPath) =>
      urlPath.startsWith("/assets/")
        ? `public, max-age=${YEAR_IN_SECONDS}, immutable`
        : "public, max-age=86400",
    );
    app.use(async (c, next) => {
      const answer = staticAnswer(files, c);
      if (!answer) return next();
      c.set("staticFile", true);
      return answer;
    });
  }

  app.use(privateWhenSignedIn());
  app.use(clearSiteDataOnSignOut());
  app.use("/api/*", apiErrorShape());

  app.use(async (c, next) => {
    const refusal = methodRefusal(await loadBuild(), c.req.method, c.req.path);
    if (!refusal) return next();
    const locale = localeFromRequest(c.req.raw);
    if (refusal.status === 404) return errorResponse(new AppError("not_found"), locale);
    const { status, allow } = refusal;
    if (status === 204) return c.body(null, 204, { Allow: allow });
    if (c.req.path.startsWith("/api/"))
      return errorResponse(new AppError("method_not_allowed", { allow }), locale);
    return c.text(serverT(locale)("errors.method_not_allowed"), 405, { Allow: allow });
  });

  // Better Auth reads its bodies itself: the same Content-Type rule as readInput's applies first.
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    c.set("route", "/api/auth/*");
    mediaTypeOf(c.req.raw);
    return options.auth.handler(c.req.raw);
  });

  // Only names the storage gave out are read, from either store; the picture's own name makes it
  // cacheable for good. Only the public folders, all cleaned JPEGs: private files (CVs) never.
  app.get(`/uploads/:folder{${PUBLIC_FOLDERS.join("|")}}/:name`, async (c) => {
    c.set("route", `/uploads/${c.req.param("folder")}/:name`);
    const bytes = await options.storage.read(c.req.param("folder"), c.req.param("name"));
    if (!bytes) return c.notFound();
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": "image/jpeg",
      "Cache-Control": `public, max-age=${YEAR_IN_SECONDS}, immutable`,
    });
  });

  /** A request's context for the build's routes, with the build's own context keys. */
  const requestContext = (build: ServerBuild) => {
    const contexts = build.entry.module as unknown as RequestContexts;
    const context = new RouterContextProvider();
    context.set(contexts.databaseContext, options.db);
    context.set(contexts.authContext, options.auth);
    context.set(contexts.baseUrlContext, options.baseUrl);
    context.set(contexts.storageContext, options.storage);
    context.set(contexts.devOutboxContext, options.devOutbox);
    context.set(contexts.quizDailyCapContext, options.quizDailyCap);
    context.set(contexts.moderationReplyToContext, options.moderationReplyTo);
    context.set(contexts.pageCacheContext, keptPages);
    context.set(contexts.interacEmailContext, options.interacEmail);
    if (options.staffQueueChanges)
      context.set(contexts.staffQueueChangesContext, options.staffQueueChanges);
    return context;
  };

  // The JSON API's resource routes are called here, with the route matched by the host's own
  // ranked patterns: React Router's handler would flatten, rank and match the whole route tree
  // again, more than once, for each call (a quarter of an API call's CPU, decision 0074).
  app.all("/api/*", async (c, next) => {
    const url = new URL(c.req.url);
    // A route's data request stays React Router's (single fetch).
    if (url.pathname.endsWith(".data")) return next();
    const build = await loadBuild();
    const found = matchRoute(build, url.pathname);
    const module = found && answeringAppErrors(build).routes[found.id]?.module;
    // A page under /api (the document's reader) is rendered by React Router.
    if (!module || module.default != null || module.ErrorBoundary != null) return next();
    const { method } = c.req;
    const handler = method === "GET" || method === "HEAD" ? module.loader : module.action;
    if (!handler) return next();
    c.set("route", found.logged);
    let answer: unknown;
    try {
      answer = await handler({
        request: c.req.raw,
        url,
        pattern: found.pattern,
        params: found.params,
        context: requestContext(build),
      });
    } catch (error) {
      // A thrown Response (a redirect) is the answer, as React Router has it; anything else is
      // the host's JSON 500, its stack in the log (onError below).
      if (!(error instanceof Response)) throw error;
      answer = error;
    }
    // Every API route answers through apiRoute, whose type says Response.
    if (!(answer instanceof Response)) throw new Error(`${found.logged} answered no Response`);
    return method === "HEAD" ? new Response(null, answer) : answer;
  });

  // The pages that send no scripts (the staff console), read: React Router's handler over their
  // routes alone, one per build (scriptless-section.server.ts). Their forms' posts and any data
  // request stay with the whole build's handler below, as does an address only the catch-all's
  // 404 answers.
  const scriptlessHandlers = new WeakMap<ServerBuild, RequestHandler>();
  app.on(["GET", "HEAD"], "*", async (c, next) => {
    if (c.req.path.endsWith(".data")) return next();
    const loaded = await loadBuild();
    const build = answeringAppErrors(loaded);
    const section = scriptlessSection(build);
    const found = section && matchRoute(build, c.req.path);
    if (!section || !found || !section.pages.has(found.id)) return next();
    let handle = scriptlessHandlers.get(build);
    if (!handle) {
      handle = createRequestHandler(section.build, options.mode);
      scriptlessHandlers.set(build, handle);
    }
    const context = requestContext(loaded);
    const contexts = loaded.entry.module as unknown as RequestContexts;
    context.set(contexts.pageWithoutScriptsContext, true);
    return handle(c.req.raw, context);
  });

  const { build } = options;
  const handleRequest = createRequestHandler(
    typeof build === "function"
      ? async () => answeringAppErrors(await build())
      : answeringAppErrors(build),
    options.mode,
  );

  // A player's page whose route says it differs from a visitor's only in its player slots: the
  // visitor's page, kept, with those parts rendered again for the player (decision 0078). Anything
  // else, or a player it cannot serve so, goes to React Router below.
  app.get("*", async (c, next) => {
    const { raw } = c.req;
    const url = new URL(raw.url);
    if (raw.method !== "GET" || !hasSessionCookie(raw.headers) || url.pathname.endsWith(".data"))
      return next();
    const build = await loadBuild();
    const found = matchRoute(build, url.pathname);
    if (!found || !playerPageOf(build.routes[found.id]?.module.handle)) return next();
    const entry = build.entry.module as unknown as PlayerPageExports;
    const contexts = build.entry.module as unknown as RequestContexts;
    const page = await entry.playerPage(raw, requestContext(build), found.id, (forSale) =>
      templates.get(`${forSale ? "for sale" : "nothing for sale"} ${url.href}`, async () => {
        const context = requestContext(build);
        context.set(contexts.nothingForSaleContext, !forSale);
        const visitor = await handleRequest(visitorRequest(raw), context);
        if (!keptForPlayers(visitor)) return undefined;
        const headers = new Headers(visitor.headers);
        headers.delete("content-length");
        const html = new Uint8Array(await visitor.arrayBuffer());
        return {
          template: entry.pageTemplate(Buffer.from(html).toString()),
          headers: [...headers],
          scriptHashes: inlineScriptHashes(html),
        };
      }),
    );
    if (!page) return next();
    c.set("route", found.logged);
    if (!acceptsGzip(c.req.header("accept-encoding")))
      return new Response(page.html, { status: 200, headers: page.headers });
    // Most of it deflated once for everyone: the player's own parts are all that is compressed now.
    c.set("scriptHashes", page.scriptHashes);
    page.headers.set("Content-Encoding", "gzip");
    page.headers.set("Content-Length", String(page.gzip.length));
    page.headers.append("Vary", "Accept-Encoding");
    return new Response(page.gzip, { status: 200, headers: page.headers });
  });

  app.all("*", async (c) => handleRequest(c.req.raw, requestContext(await loadBuild())));

  app.onError((error, c) => {
    if (isAppError(error)) return errorResponse(error, localeFromRequest(c.req.raw));
    console.error(error);
    if (c.req.path.startsWith("/api/"))
      return errorResponse(new AppError("internal_error"), localeFromRequest(c.req.raw));
    return c.text("Something went wrong. Please try again later.", 500);
  });

  return app;
}
